import CSV
import Foundation
import MastheadContent

// Masthead's CSV reader (`CSVRecordStream`) against yaslab/CSV.swift, which it replaced, on one
// file: each reads every record three times, alternating; the median CPU time of each, the
// records and fields they read (which must agree), and the ratio.
// Run: swift run -c release csv-benchmark FILE.csv (Benchmarks/README.md).

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
        + Double(usage.ru_stime.tv_usec) / 1e6
}

func masthead(_ url: URL) throws -> (records: Int, fields: Int) {
    let stream = try CSVRecordStream(url: url, path: url.lastPathComponent)
    var records = 0
    var fields = 0
    while let row = try stream.next() {
        records += 1
        fields += row.count
    }
    return (records, fields)
}

func csvSwift(_ url: URL) throws -> (records: Int, fields: Int) {
    guard let stream = InputStream(url: url) else { throw CocoaError(.fileReadNoSuchFile) }
    let reader = try CSVReader(stream: stream, hasHeaderRow: true)
    var records = 0
    var fields = 0
    while let row = reader.next() {
        records += 1
        fields += row.count
    }
    return (records, fields)
}

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: csv-benchmark FILE.csv\n".utf8))
    exit(2)
}
let url = URL(fileURLWithPath: CommandLine.arguments[1])
var times: [String: [Double]] = ["masthead": [], "csv.swift": []]
var counts: [String: (records: Int, fields: Int)] = [:]
for _ in 0..<3 {
    for (name, read) in [("masthead", masthead), ("csv.swift", csvSwift)] {
        let start = cpuSeconds()
        counts[name] = try read(url)
        times[name]!.append(cpuSeconds() - start)
    }
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
let ours = median(times["masthead"]!)
let theirs = median(times["csv.swift"]!)
print("file: \(url.path)")
for name in ["masthead", "csv.swift"] {
    let runs = times[name]!.map { String(format: "%.3f", $0) }.joined(separator: ", ")
    print(
        "\(name): \(counts[name]!.records) records, \(counts[name]!.fields) fields; CPU \(String(format: "%.3f", median(times[name]!))) s (runs \(runs))"
    )
}
print(
    "CSV.swift ÷ Masthead: \(String(format: "%.1f", theirs / ours))× \(counts["masthead"]! == counts["csv.swift"]! ? "(the same records)" : "(DIFFERENT records)")"
)
