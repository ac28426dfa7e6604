import Foundation
import MastheadTesting
import Testing

@testable import MastheadBuild

/// Issue 44's scan: every image file the five sites publish (the default site and the four
/// examples), walked block by block by `ImageMetadataScanner`, carries no EXIF, XMP, IPTC, ICC
/// profile, comment or text block. The scanner is shown to find such blocks in
/// `HostileImageTests.scannerFindsMetadata`.
@Suite("Image metadata: none in any image the five sites publish")
struct ImageMetadataScanTests {
    /// The images of one built site: how many were scanned by kind, and every finding with its file.
    static func scan(_ result: BuildResult) throws -> (counts: [String: Int], findings: [String]) {
        var counts: [String: Int] = [:]
        var findings: [String] = []
        for file in result.files {
            let bytes = Array(try file.data())
            guard let kind = ImageMetadataScanner.kind(of: bytes, path: file.path) else { continue }
            counts[kind.rawValue, default: 0] += 1
            findings += ImageMetadataScanner.findings(in: bytes, path: file.path).map { "\(file.path): \($0)" }
        }
        return (counts, findings)
    }

    @Test("the default site: photos in AVIF, WebP and JPEG, social cards, SVGs")
    func defaultSite() throws {
        let (counts, findings) = try Self.scan(SharedSites.defaultSite)
        #expect(SharedSites.defaultSite.diagnostics.errors.isEmpty)
        #expect(findings == [])
        #expect(counts["jpeg", default: 0] > 14 && counts["heif", default: 0] >= 14 && counts["webp", default: 0] >= 14, "\(counts)")
        #expect(counts["svg", default: 0] > 0)
    }

    @Test("Examples/film-club: posters and social cards")
    func filmClub() throws {
        let (counts, findings) = try Self.scan(SharedSites.filmClub)
        #expect(findings == [])
        #expect(counts["jpeg", default: 0] > 52 && counts["heif", default: 0] >= 52, "\(counts)")
    }

    @Test("Examples/student-housing: listings' photos and social cards")
    func studentHousing() throws {
        let (counts, findings) = try Self.scan(SharedSites.studentHousing)
        #expect(findings == [])
        #expect(counts["jpeg", default: 0] > 66 && counts["heif", default: 0] >= 66, "\(counts)")
    }

    @Test("Examples/beach-club and Examples/personal-budget: their SVGs and social cards")
    func beachClubAndBudget() throws {
        for result in [SharedSites.beachClub, SharedSites.personalBudget] {
            let (counts, findings) = try Self.scan(result)
            #expect(findings == [])
            #expect(counts.values.reduce(0, +) > 0, "\(counts)")
        }
    }
}
