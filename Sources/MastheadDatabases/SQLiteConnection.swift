import CSQLite
import Foundation
import MastheadContent
import MastheadSupport

/// An SQLite database file, opened read-only for each statement (the only user of SQLite's
/// C library). Registers `masthead_local(value)`, which writes a timestamp with an offset or
/// in seconds since 1970 as the site's local time (`2026-03-29 03:30:00`), so date buckets
/// are cut from local text by `strftime` and `substr`, right across daylight saving changes.
package struct SQLiteConnection: DatabaseConnection {
    package let path: String
    /// Shown in messages (`Content/budget.sqlite`).
    package let displayPath: String
    package let timeZone: TimeZone
    package var dialect: SQLDialect { .sqlite }

    package init(path: String, displayPath: String, timeZone: TimeZone) {
        self.path = path
        self.displayPath = displayPath
        self.timeZone = timeZone
    }

    /// Why the file at `path` is no SQLite database, or nil. SQLite opens an empty file as an
    /// empty database and a file of another kind without complaint; its error comes later, at
    /// the first statement, as "no such table" or "file is not a database". A truncated file
    /// opens too and answers its first pages, so a build would publish empty tables: its
    /// header's page count is checked against its size. A path that is a folder, a FIFO or a
    /// device is named as such and never opened (a FIFO would block the build forever).
    package static func fileProblem(path: String, displayPath: String) -> String? {
        guard let kind = FileKind(path: path) else { return nil }
        guard kind == .regular else {
            return "\(displayPath) is \(kind.description), not an SQLite database file; export the database there as a file"
        }
        // A regular file: a read never blocks on it.
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        if header.isEmpty { return "the SQLite database \(displayPath) is empty (0 bytes): it holds no tables; export the database again" }
        // Every SQLite 3 database begins with these 16 bytes (sqlite.org/fileformat.html, 1.3).
        guard header.prefix(16) == Data("SQLite format 3\0".utf8) else {
            return "\(displayPath) is not an SQLite database (it does not begin with SQLite's header \"SQLite format 3\")"
        }
        let size = (try? handle.seekToEnd()).map(Int.init) ?? 0
        return truncation(header: header, size: size, hasLog: FileKind(path: path + "-wal") != nil).map {
            "the SQLite database \(displayPath) is damaged: \($0); copy or export the database again"
        }
    }

    /// Why a database file with this 100-byte header and size is cut short, or nil. The header
    /// holds the page size (offset 16) and, when its "version valid for" number (offset 92)
    /// equals the change counter (offset 24), the number of pages (offset 28): a whole database
    /// is at least that many pages long (sqlite.org/fileformat.html, 1.3.2 and 1.3.9). With a
    /// write-ahead log beside it the header may lag behind the log and is not trusted.
    static func truncation(header: Data, size: Int, hasLog: Bool) -> String? {
        let bytes = [UInt8](header)
        guard bytes.count == 100 else { return "it ends inside its 100-byte header (\(size) bytes)" }
        func number(_ offset: Int, _ count: Int) -> Int { bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) } }
        let rawPageSize = number(16, 2)
        let pageSize = rawPageSize == 1 ? 65536 : rawPageSize
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { return "its header gives no valid page size (\(rawPageSize))" }
        if size % pageSize != 0 { return "its \(size) bytes are not a whole number of its \(pageSize)-byte pages (it was cut short)" }
        let pages = number(28, 4)
        guard !hasLog, pages > 0, number(92, 4) == number(24, 4) else { return nil }
        if size < pages * pageSize {
            return
                "its header counts \(pages) pages of \(pageSize) bytes (\(pages * pageSize) bytes), the file holds \(size) bytes (it was cut short)"
        }
        return nil
    }

    /// The database a file belongs to: `path` itself when it is an SQLite database, the
    /// database beside it for its journal, write-ahead log or shared memory (`x.sqlite-wal`:
    /// a write may change only that), else nil.
    package static func database(of path: String) -> String? {
        let database = databasePath(path)
        // Only a regular file is opened: a FIFO would block the reader (the preview's watcher) until someone writes to it.
        guard FileKind(path: database) == .regular, let handle = FileHandle(forReadingAtPath: database) else { return nil }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 16)) == Data("SQLite format 3\0".utf8) ? database : nil
    }

    /// The database a journal, log or shared-memory file's name belongs to; any other path as it is.
    package static func databasePath(_ path: String) -> String {
        companionSuffixes.first { path.hasSuffix($0) }.map { String(path.dropLast($0.count)) } ?? path
    }

    /// The files SQLite keeps beside a database while it is written.
    static let companionSuffixes = ["-wal", "-shm", "-journal"]

    package func run(
        _ sql: String, parameters: [SQLParameter], timeout: Double,
        onRow: (inout [DataValue]) throws(DatabaseError) -> Void
    ) throws(DatabaseError) -> [DatabaseColumn] {
        var handle: OpaquePointer?
        // Checked again here: a poll asks a file long after the build checked it (`fileProblem`).
        if let kind = FileKind(path: path), kind != .regular {
            throw DatabaseError(.connection, "cannot open the SQLite database \(displayPath): it is \(kind.description), not a file")
        }
        guard FileManager.default.fileExists(atPath: path),
            sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db = handle
        else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open it"
            sqlite3_close(handle)
            throw DatabaseError(.connection, "cannot open the SQLite database \(displayPath): \(reason)")
        }
        defer { sqlite3_close(db) }
        let context = Unmanaged.passRetained(FunctionContext(timeZone: timeZone, deadline: Date().addingTimeInterval(timeout)))
        defer { context.release() }
        sqlite3_create_function_v2(
            db, "masthead_local", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, context.toOpaque(), localTimeFunction, nil, nil, nil)
        // Checked every few thousand steps: past the deadline, the statement is interrupted.
        sqlite3_progress_handler(db, 20_000, progressHandler, context.toOpaque())
        var statementHandle: OpaquePointer?
        // `tail` points into the C string, which lives only inside `withCString` (a short
        // string is copied to the stack): what follows the statement is read there.
        var rest = ""
        let prepared = sql.withCString { text -> Int32 in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(db, text, -1, &statementHandle, &tail)
            rest = tail.map { String(cString: $0) } ?? ""
            return code
        }
        // The message is SQLite's, valid until the next call on `db`: copied at once (as below).
        guard prepared == SQLITE_OK, let statement = statementHandle else {
            throw DatabaseError(.statement, String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        if !rest.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ";"))).isEmpty {
            throw DatabaseError(.statement, "expected one statement, got more")
        }
        guard sqlite3_stmt_readonly(statement) != 0 else { throw DatabaseError(.statement, "the statement would change the database") }
        for (offset, parameter) in parameters.enumerated() { bind(parameter, at: Int32(offset + 1), statement) }
        let count = sqlite3_column_count(statement)
        // Names and declared types belong to the statement (freed by sqlite3_finalize): copied here.
        let columns = (0..<count).map { index in
            let declared = sqlite3_column_decltype(statement, index).map { String(cString: $0) }
            return DatabaseColumn(
                name: String(cString: sqlite3_column_name(statement, index)), type: declared.map(FieldType.ofSQLType) ?? .string,
                databaseType: declared ?? "")
        }
        var row = [DataValue](repeating: .null, count: Int(count))
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else {
                if step == SQLITE_INTERRUPT { throw DatabaseError(.timeout, "the statement ran past its timeout of \(Self.seconds(timeout))") }
                throw DatabaseError(.statement, String(cString: sqlite3_errmsg(db)))
            }
            for index in 0..<count { row[Int(index)] = value(statement, index) }
            try onRow(&row)
        }
        return columns
    }

    package static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    private func bind(_ parameter: SQLParameter, at index: Int32, _ statement: OpaquePointer) {
        switch parameter {
        case .text(let text): sqlite3_bind_text(statement, index, text, -1, sqliteTransient)
        case .integer(let number): sqlite3_bind_int64(statement, index, Int64(number))
        case .decimal(let number): sqlite3_bind_double(statement, index, number)
        case .boolean(let flag): sqlite3_bind_int64(statement, index, flag ? 1 : 0)
        case .date(let date): sqlite3_bind_double(statement, index, date.timeIntervalSince1970)
        }
    }

    /// A column of the current row. Text is SQLite's until the next step: copied here, by its
    /// length (sqlite3_column_bytes, called after sqlite3_column_text as SQLite asks), so a NUL
    /// inside the text neither cuts it nor is read past.
    private func value(_ statement: OpaquePointer, _ index: Int32) -> DataValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(Int(sqlite3_column_int64(statement, index)))
        case SQLITE_FLOAT: return .decimal(sqlite3_column_double(statement, index))
        case SQLITE_TEXT, SQLITE_BLOB:
            guard let text = sqlite3_column_text(statement, index) else { return .null }
            let count = Int(sqlite3_column_bytes(statement, index))
            return .string(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        default: return .null
        }
    }
}

/// SQLite's SQLITE_TRANSIENT: the text is copied before the call returns.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// What the C callbacks need: the site's time zone and the statement's deadline.
private final class FunctionContext {
    let timeZone: TimeZone
    let deadline: Date
    let formatter: DateFormatter

    init(timeZone: TimeZone, deadline: Date) {
        self.timeZone = timeZone
        self.deadline = deadline
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    }

    /// A timestamp as local text; local text (no offset) as it is; nil for what is not a date.
    func localText(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        // `2026-03-14`, `2026-03-14 09:30` and `2026-03-14T09:30:00` are local already.
        if [10, 16, 19].contains(bytes.count), bytes.count == 10 || bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T") {
            return ContentDate.parse(text, timeZone: timeZone) == nil ? nil : text
        }
        return ContentDate.parse(text, timeZone: timeZone).map(formatter.string(from:))
    }
}

private let localTimeFunction: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, arguments in
    guard let context, let argument = arguments?[0] else { return }
    let box = Unmanaged<FunctionContext>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
    switch sqlite3_value_type(argument) {
    case SQLITE_NULL:
        sqlite3_result_null(context)
    case SQLITE_INTEGER, SQLITE_FLOAT:
        let date = Date(timeIntervalSince1970: sqlite3_value_double(argument))
        sqlite3_result_text(context, box.formatter.string(from: date), -1, sqliteTransient)
    default:
        let text = sqlite3_value_text(argument).map { String(cString: $0) } ?? ""
        if let local = box.localText(text) {
            sqlite3_result_text(context, local, -1, sqliteTransient)
        } else {
            sqlite3_result_error(context, "expected a date like 2026-03-14, got \"\(text.prefix(40))\"", -1)
        }
    }
}

private let progressHandler: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { pointer in
    guard let pointer else { return 0 }
    return Date() > Unmanaged<FunctionContext>.fromOpaque(pointer).takeUnretainedValue().deadline ? 1 : 0
}
