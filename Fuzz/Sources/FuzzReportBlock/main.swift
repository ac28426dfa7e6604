import Foundation
import FuzzDriver
import MastheadContent
import MastheadReports
import MastheadSite

/// Any text as the YAML body of a report block. The first byte picks the block (`0`
/// ```chart, `1` ```kpi, `2` ```table, by its value modulo 3); the rest is the body,
/// rendered against small fixed statistics files written once (the heads of the default
/// site's Content/stats files, so `source: stats/activities.csv` and the others resolve).
@_cdecl("FuzzReportBlock_main")
public func fuzzReportBlockMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    masthead_fuzz_main(argc, argv) { data, size in
        guard let data else { return 0 }
        return fuzzReportBlock(data, size)
    }
}

let reportSite: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-fuzz-report-\(getpid())")
    let stats = folder.appendingPathComponent("Content/stats")
    try? FileManager.default.createDirectory(at: stats, withIntermediateDirectories: true)
    let members = ["M00001", "M00002", "M00003", "M00004", "M00005"]
    let events = ["onboarding", "code", "code", "mission", "questionnaire", "redemption"]
    var activities = "date,member,event,points\n"
    var redemptions = "date,member,prize,title,points,kind\n"
    var questionnaires = "date,member,questionnaire,question,score\n"
    for day in 0..<120 {
        let date = String(format: "2026-%02d-%02d", 1 + day / 28 % 12, 1 + day % 28)
        let member = members[day % members.count]
        let event = events[day % events.count]
        activities += "\(date),\(member),\(event),\(event == "redemption" ? -(day * 7 % 500) : day * 13 % 300)\n"
        if day % 3 == 0 {
            redemptions += "\(date),\(member),buono-\(day % 4),\"Buono, \(day % 4)\",\(day * 7 % 500),\(day % 2 == 0 ? "digital" : "physical")\n"
        }
        questionnaires += "\(date),\(member),q-\(day / 30),\(["app", "aroma", "shop"][day % 3]),\(1 + day % 5)\n"
    }
    var jsonLines = ""
    for (index, member) in members.enumerated() {
        jsonLines +=
            "{\"id\":\"\(member)\",\"joined\":\"2025-0\(index + 1)-15\","
            + "\"city\":\"\(["Bari", "Roma", "Milano"][index % 3])\",\"balance\":\(index * 150)}\n"
    }
    let files = [
        "activities.csv": activities, "redemptions.csv": redemptions, "questionnaires.csv": questionnaires,
        "members.csv": "id,joined,city,balance\nM00001,2026-07-20,Bari,355\nM00002,2025-05-01,Napoli,95\n",
        "members.jsonl": jsonLines
    ]
    for (name, text) in files { try? Data(text.utf8).write(to: stats.appendingPathComponent(name)) }
    return folder
}()

let reportConfig = SiteConfigLoader.parse("title: Fuzz\nlanguage: it\n").0

func fuzzReportBlock(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0, let config = reportConfig else { return 0 }
    let info = ["chart", "kpi", "table"][Int(start[0]) % 3]
    let body = String(decoding: UnsafeBufferPointer(start: start + 1, count: count - 1), as: UTF8.self)
    // A new engine per input: it caches what it read, and inputs must not affect each other.
    _ = ReportEngine(config: config, siteFolder: SiteFolder(reportSite)).renderFencedBlock(info: info, body: body, line: 3)
    return 0
}
