import Foundation
import Testing

@testable import MastheadContent

@Suite("CSV records: the edge cases editors' spreadsheets produce")
struct DataCSVTests {
    func records(_ bytes: [UInt8]) throws -> (header: [String], rows: [[String]], problems: [String]) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("masthead-csv-\(UUID().uuidString).csv")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try Self.read(url)
    }

    /// Every record of a file, and each problem as printed (as `Content/catalogs/t.csv`).
    static func read(_ url: URL) throws -> (header: [String], rows: [[String]], problems: [String]) {
        let stream = try CSVRecordStream(url: url, path: "Content/catalogs/t.csv")
        var rows: [[String]] = []
        var problems: [String] = []
        while true {
            do {
                guard let row = try stream.next() else { break }
                rows.append(row)
            } catch {
                problems.append(error.description)
            }
        }
        return (stream.header, rows, problems)
    }

    func records(_ text: String) throws -> (header: [String], rows: [[String]], problems: [String]) {
        try records(Array(text.utf8))
    }

    @Test("quoted fields keep commas, doubled quotes and newlines")
    func quoting() throws {
        let result = try records("key,description\na,\"Dark, rich, \"\"bold\"\" coffee\"\nb,\"two\nlines\"\n")
        #expect(result.rows == [["a", "Dark, rich, \"bold\" coffee"], ["b", "two\nlines"]])
        #expect(result.problems.isEmpty)
    }

    @Test("a UTF-8 byte order mark does not stick to the first column's name")
    func byteOrderMark() throws {
        let result = try records([0xEF, 0xBB, 0xBF] + Array("key,title\na,A\n".utf8))
        #expect(result.header == ["key", "title"])
        #expect(result.rows == [["a", "A"]])
    }

    @Test("CRLF line ends, as Excel writes them")
    func crlf() throws {
        let result = try records("key,title\r\na,A\r\nb,\"B\r\nsecond\"\r\n")
        #expect(result.rows == [["a", "A"], ["b", "B\r\nsecond"]])
    }

    @Test("a trailing empty line, or none, gives the same records")
    func trailingLine() throws {
        #expect(try records("key,title\na,A\n\n").rows == [["a", "A"]])
        #expect(try records("key,title\na,A").rows == [["a", "A"]])
    }

    @Test("accented text survives")
    func accents() throws {
        #expect(try records("key,title\ncaffe,Caffè perché così\n").rows == [["caffe", "Caffè perché così"]])
    }

    @Test("a ragged row is an error naming its row, and reading goes on after it")
    func raggedRow() throws {
        let result = try records("key,title,points\na,A,1\nb,B\nc,C,3,extra\nd,D,4\n")
        #expect(result.rows == [["a", "A", "1"], ["d", "D", "4"]])
        #expect(
            result.problems == [
                "Content/catalogs/t.csv:3:3: error: CSV: row 3 has 2 fields, the header has 3",
                "Content/catalogs/t.csv:4:4: error: CSV: row 4 has 4 fields, the header has 3"
            ])
    }

    @Test("rows are counted as records: a quoted newline does not shift the next row's number")
    func rowNumbers() throws {
        let result = try records("key,title\na,\"x\ny\"\nb\n")
        #expect(result.problems == ["Content/catalogs/t.csv:3:2: error: CSV: row 3 has 1 field, the header has 2"])
    }
}
