// swift-tools-version:6.0
// libFuzzer targets for Masthead's parsers. Built and run by `make fuzz` (see docs/checking.md, "Fuzzing"):
//   swift build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder: whatever the clone is called.
let masthead = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let fuzzTargets = [
    "FuzzFrontMatter", "FuzzSiteConfig", "FuzzMarkdown", "FuzzTemplate",
    "FuzzCatalogData", "FuzzStatsData", "FuzzReportBlock", "FuzzTemplateValues"
]

let package = Package(
    name: "MastheadFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: "..")],
    targets: [.target(name: "FuzzDriver")]
        + fuzzTargets.map { name in
            .executableTarget(name: name, dependencies: ["FuzzDriver", .product(name: "MastheadBuild", package: masthead)])
        }
)
