import Foundation
import FuzzDriver
import MastheadContent
import MastheadReports
import MastheadSite

/// Any bytes as a statistics file. The first byte picks the format (`0` CSV, `1` JSON
/// Lines, `2` a JSON array, by its value modulo 3); the rest is the file, which fixed
/// chart, kpi and table blocks then read (fields date, member, event, points, as in the
/// default site's Content/stats/activities.csv).
@_cdecl("FuzzStatsData_main")
public func fuzzStatsDataMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    masthead_fuzz_main(argc, argv) { data, size in
        guard let data else { return 0 }
        return fuzzStatsData(data, size)
    }
}

let statsSite: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-fuzz-stats-\(getpid())")
    try? FileManager.default.createDirectory(at: folder.appendingPathComponent("Content/stats"), withIntermediateDirectories: true)
    return folder
}()

let statsConfig = SiteConfigLoader.parse("title: Fuzz\nlanguage: it\n").0

/// The date-bucketed blocks keep to 2020-2030: one outlying date (a year 1012 among 2025s)
/// makes the engine fill every week or month between them, up to 100,000 groups and seconds
/// per input, which would leave the fuzzer doing nothing else (docs/checking.md, "Fuzzing").
let statsBlocks: [(info: String, body: String)] = [
    (
        "chart",
        "type: stacked-bar\nx: { field: date, bucket: month }\ny: { sum: points }\nseries: event\n"
            + "where: { date: { from: 2020-01-01, to: 2030-12-31 } }"
    ),
    ("chart", "type: line\nx: { field: date, bucket: week }\ny: { distinct: member }\nwhere: { date: { from: 2020-01-01, to: 2030-12-31 } }"),
    ("chart", "type: histogram\nx: { field: points, binWidth: 50 }\ny: { count: true }"),
    ("chart", "type: donut\nx: { field: event }\ny: { count: true }\nsort: -y\nlimit: 4"),
    ("kpi", "x: { field: date, bucket: month }\ny: { avg: points }\nwhere: { points: { min: 1 }, date: { from: 2020-01-01, to: 2030-12-31 } }"),
    ("table", "x: { field: member }\ny: { max: points }\nsort: -y\nlimit: 10")
]

func fuzzStatsData(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0, let config = statsConfig else { return 0 }
    let format = ["csv", "jsonl", "json"][Int(start[0]) % 3]
    let file = statsSite.appendingPathComponent("Content/stats/data.\(format)")
    guard (try? Data(bytes: start + 1, count: count - 1).write(to: file)) != nil else { return 0 }
    // A new engine per input: it caches what it read.
    let engine = ReportEngine(config: config, siteFolder: SiteFolder(statsSite))
    for block in statsBlocks {
        _ = engine.renderFencedBlock(info: block.info, body: "source: stats/data.\(format)\n" + block.body, line: 1)
    }
    return 0
}
