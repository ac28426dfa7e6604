import Foundation

/// Refuses a `query:` that is not one read-only statement before anything is sent: it must
/// start with SELECT or WITH, hold no second statement, no word that changes data and no
/// function with side effects (outside quotes and comments). Behind it, PostgreSQL runs
/// each statement in a read-only transaction that is always rolled back, and SQLite opens
/// the file read-only and checks each statement itself.
package enum SQLStatementCheck {
    static let changingWords: Set<String> = [
        "insert", "update", "delete", "merge", "truncate", "drop", "alter", "create", "grant", "revoke", "copy", "vacuum",
        "reindex", "cluster", "call", "do", "attach", "detach", "pragma", "into", "begin", "commit", "rollback", "savepoint",
        "prepare", "execute", "listen", "notify", "discard"
    ]

    /// Functions a SELECT may call that write, reach outside the database or act on other
    /// sessions, though a read-only transaction allows them (PostgreSQL's large objects,
    /// server files, sequences, settings, locks, notifications, dblink; SQLite's extensions).
    /// The transaction that is always rolled back is the guard behind this list.
    static let sideEffectFunctions: Set<String> = [
        "lo_import", "lo_export", "lo_create", "lo_creat", "lo_unlink", "lo_from_bytea", "lo_put", "lo_open", "lo_close", "lo_write",
        "lowrite", "lo_truncate", "lo_truncate64", "lo_lseek", "lo_lseek64", "lo_get", "loread", "lo_read", "lo_tell", "lo_tell64",
        "pg_read_file", "pg_read_binary_file", "pg_ls_dir", "pg_stat_file", "pg_file_write", "pg_file_rename", "pg_file_unlink",
        "pg_ls_logdir", "pg_ls_waldir", "pg_ls_tmpdir", "pg_ls_archive_statusdir", "pg_current_logfile",
        "dblink", "dblink_exec", "dblink_connect", "dblink_connect_u", "dblink_send_query", "dblink_open", "dblink_fetch",
        "set_config", "nextval", "setval", "pg_notify",
        "pg_advisory_lock", "pg_advisory_lock_shared", "pg_advisory_xact_lock", "pg_advisory_xact_lock_shared",
        "pg_try_advisory_lock", "pg_try_advisory_lock_shared", "pg_try_advisory_xact_lock", "pg_try_advisory_xact_lock_shared",
        "pg_advisory_unlock", "pg_advisory_unlock_all", "pg_advisory_unlock_shared",
        "pg_terminate_backend", "pg_cancel_backend", "pg_reload_conf", "pg_rotate_logfile", "pg_switch_wal", "pg_create_restore_point",
        "pg_logical_emit_message", "pg_create_logical_replication_slot", "pg_create_physical_replication_slot", "pg_drop_replication_slot",
        "pg_promote", "pg_backup_start", "pg_backup_stop", "pg_start_backup", "pg_stop_backup", "txid_current", "pg_current_xact_id",
        "pg_stat_reset", "pg_stat_reset_shared", "pg_stat_reset_single_table_counters", "pg_stat_reset_single_function_counters",
        "pg_import_system_collations", "query_to_xml", "query_to_xml_and_xmlschema", "cursor_to_xml",
        "ts_stat", "database_to_xml", "schema_to_xml", "load_extension", "writefile", "readfile", "edit", "fts3_tokenizer"
    ]

    /// Nil when `sql` is one read-only SELECT or WITH statement; else why it is refused.
    package static func problem(_ sql: String) -> String? {
        var words: [String] = []
        // Names followed by `(`: the functions the statement calls, quoted or not.
        var calls: [String] = []
        var callee: String?
        var statements = 0
        var sawText = false
        var scalars = Array(sql.unicodeScalars)[...]
        var word = ""
        func endWord() {
            if !word.isEmpty {
                words.append(word.lowercased())
                callee = word.lowercased()
            }
            word = ""
        }
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            switch scalar {
            case "'", "\"", "`":
                endWord()
                sawText = true
                // A quoted string or name: skipped to its closing quote (doubled quotes stay inside).
                var quoted = ""
                while let next = scalars.first {
                    scalars = scalars.dropFirst()
                    if next == scalar {
                        if scalars.first == scalar { scalars = scalars.dropFirst() } else { break }
                    }
                    quoted.unicodeScalars.append(next)
                }
                // A quoted name may still name a function: `"lo_import"(...)`.
                callee = scalar == "'" ? nil : quoted.lowercased()
            case "-" where scalars.first == "-":
                endWord()
                while let next = scalars.first, next != "\n" { scalars = scalars.dropFirst() }
            case "/" where scalars.first == "*":
                endWord()
                scalars = scalars.dropFirst()
                while let next = scalars.first {
                    scalars = scalars.dropFirst()
                    if next == "*", scalars.first == "/" {
                        scalars = scalars.dropFirst()
                        break
                    }
                }
            case "$":
                // PostgreSQL's dollar quoting ($$...$$, $tag$...$tag$) holds function bodies: refused.
                if word.isEmpty, scalars.first == "$" || scalars.first.map(CharacterSet.letters.contains) == true {
                    return "dollar-quoted text ($$...$$) is not accepted in a query"
                }
                word.unicodeScalars.append(scalar)
            case ";":
                endWord()
                if sawText { statements += 1 }
                sawText = false
            default:
                if CharacterSet.alphanumerics.contains(scalar) || scalar == "_" {
                    word.unicodeScalars.append(scalar)
                    sawText = true
                } else {
                    endWord()
                    if !CharacterSet.whitespacesAndNewlines.contains(scalar) {
                        sawText = true
                        if scalar == "(", let callee { calls.append(callee) }
                        callee = nil
                    }
                }
            }
        }
        endWord()
        if sawText { statements += 1 }
        guard statements == 1, let first = words.first else {
            return statements == 0 ? "the query is empty" : "expected one statement, got \(statements)"
        }
        guard first == "select" || first == "with" else {
            return "expected a SELECT or WITH statement, got \(first.uppercased())"
        }
        if let changing = words.first(where: changingWords.contains) {
            return "a query only reads: \(changing.uppercased()) is not accepted"
        }
        if let function = calls.first(where: sideEffectFunctions.contains) {
            return "\(function)() has side effects (it writes, reads the server's files or acts on other sessions): not accepted in a query"
        }
        return nil
    }
}
