import CSV
import Foundation
import Testing

@testable import MastheadBuild

/// Masthead's byte-level CSV reader (`CSVRecordStream`) replaced yaslab/CSV.swift, which reads
/// one Unicode scalar at a time (`csv-benchmark`, Benchmarks/README.md). These read the same
/// files with both: the same records on every valid file; where a file is broken, Masthead
/// names the row and column, and CSV.swift reads something else without a word.
@Suite("Masthead's CSV reader against CSV.swift on the same files")
struct CSVReaderAgainstCSVSwiftTests {
    struct Read: Equatable {
        var header: [String]
        var rows: [[String]]
    }

    static func file(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-csv-\(UUID().uuidString).csv")
        try Data(bytes).write(to: url)
        return url
    }

    /// Masthead's reader: the records, and each problem as printed.
    static func masthead(_ url: URL) throws -> (read: Read, problems: [String]) {
        let result = try DataCSVTests.read(url)
        return (Read(header: result.header, rows: result.rows), result.problems)
    }

    /// CSV.swift as Masthead used it: a header row, fields untrimmed, from a file stream.
    static func csvSwift(_ url: URL) throws -> Read {
        let stream = try #require(InputStream(url: url))
        let reader = try CSVReader(stream: stream, hasHeaderRow: true)
        var rows: [[String]] = []
        // Its `error` is `.cannotReadFile` at the end of every file, valid or not: not a sign.
        while let row = reader.next() { rows.append(row) }
        return Read(header: reader.headerRow ?? [], rows: rows)
    }

    /// A seeded generator (SplitMix64): the same files on every run.
    struct Seeded {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// A field's text and how a spreadsheet writes it: quoted when it must be, or at random.
    static func field(_ random: inout Seeded) -> (text: String, written: String) {
        let pieces = [
            "moka", "Caffè", "crème brûlée", "1,489", "\"Moka\" pot", "two\nlines", "50", "-3.5", "2026-01-31", "a;b", "  padded ", "☕"
        ]
        var text = ""
        for _ in 0..<(1 + random.next(3)) { text += (text.isEmpty ? "" : " ") + pieces[random.next(pieces.count)] }
        if random.next(8) == 0 { text = "" }
        let mustQuote = text.contains(",") || text.contains("\"") || text.contains("\n")
        let written = mustQuote || random.next(4) == 0 ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        return (text, written)
    }

    @Test("300 valid files: quotes, commas, doubled quotes, newlines in fields, CRLF, a BOM, accents, empty fields")
    func sameRecords() throws {
        var random = Seeded(state: 15)
        for number in 0..<300 {
            let columns = 2 + random.next(4)
            let lineEnd = random.next(2) == 0 ? "\n" : "\r\n"
            var text = (0..<columns).map { "column\($0)" }.joined(separator: ",")
            var expected = Read(header: (0..<columns).map { "column\($0)" }, rows: [])
            for _ in 0..<random.next(25) {
                let fields = (0..<columns).map { _ in Self.field(&random) }
                text += lineEnd + fields.map(\.written).joined(separator: ",")
                expected.rows.append(fields.map(\.text))
            }
            if random.next(3) > 0 { text += lineEnd }
            let bytes = (random.next(4) == 0 ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
            let url = try Self.file(bytes)
            defer { try? FileManager.default.removeItem(at: url) }
            let ours = try Self.masthead(url)
            #expect(ours.problems.isEmpty, "file \(number): \(ours.problems)")
            #expect(ours.read == expected, "file \(number)")
            #expect(try Self.csvSwift(url) == ours.read, "file \(number): \(text.debugDescription)")
        }
    }

    @Test("a file of 3 MB: fields and quoted newlines cut across the 1 MB chunks Masthead reads")
    func largeFile() throws {
        var random = Seeded(state: 42)
        var text = "key,title,notes,points"
        var expected: [[String]] = []
        while text.utf8.count < 3 << 20 {
            let fields = (0..<3).map { _ in Self.field(&random) }
            let key = "k\(expected.count)"
            text += "\r\n" + key + "," + fields.map(\.written).joined(separator: ",")
            expected.append([key] + fields.map(\.text))
        }
        let url = try Self.file(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let ours = try Self.masthead(url)
        #expect(ours.problems.isEmpty)
        #expect(ours.read.rows.count == expected.count)
        #expect(ours.read.rows == expected)
        #expect(try Self.csvSwift(url) == ours.read)
    }

    @Test("a quote never closed: Masthead stops at its row and field, CSV.swift puts the rest of the file in one field")
    func unclosedQuote() throws {
        let url = try Self.file(Array("key,title\na,\"Moka\nb,Espresso\nc,Latte\n".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let ours = try Self.masthead(url)
        #expect(ours.read.rows.isEmpty)
        #expect(ours.problems.count == 1)
        #expect(ours.problems.first?.hasPrefix("Content/catalogs/t.csv:2:2: error: CSV: the quote opened in row 2, field 2 is never closed") == true)
        let theirs = try Self.csvSwift(url)
        #expect(theirs.rows == [["a", "Moka\nb,Espresso\nc,Latte\n"]])
    }

    @Test("a row with a field too many: Masthead reports the row and reads on, CSV.swift returns it as it is")
    func raggedRow() throws {
        let url = try Self.file(Array("key,title\na,Moka\nb,Espresso,extra\nc,Latte\n".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let ours = try Self.masthead(url)
        #expect(ours.read.rows == [["a", "Moka"], ["c", "Latte"]])
        #expect(ours.problems.count == 1)
        #expect(ours.problems.first?.hasPrefix("Content/catalogs/t.csv:3:") == true, "\(ours.problems)")
        #expect(try Self.csvSwift(url).rows == [["a", "Moka"], ["b", "Espresso", "extra"], ["c", "Latte"]])
    }

    @Test("text after a closing quote: Masthead reports where, CSV.swift reads the rest of the file into the field")
    func textAfterQuote() throws {
        let url = try Self.file(Array("key,title\na,\"Moka\" pot\nb,Latte\n".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let ours = try Self.masthead(url)
        #expect(ours.read.rows == [["b", "Latte"]])
        #expect(ours.problems.first?.hasPrefix("Content/catalogs/t.csv:2:2: error: ") == true, "\(ours.problems)")
        #expect(try Self.csvSwift(url).rows == [["a", "Moka\"pot\nb,Latte\n"]])
    }
}
