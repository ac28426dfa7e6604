import Foundation

/// Refuses a `query:` that is not one read-only statement before anything is sent: it must
/// start with SELECT or WITH, hold no second statement, and no word that changes data
/// (outside quotes and comments). The read-only transaction is the guard behind it.
public enum SQLStatementCheck {
    static let changingWords: Set<String> = [
        "insert", "update", "delete", "merge", "truncate", "drop", "alter", "create", "grant", "revoke", "copy", "vacuum",
        "reindex", "cluster", "call", "do", "attach", "detach", "pragma", "into", "begin", "commit", "rollback", "savepoint",
        "prepare", "execute", "listen", "notify", "discard"
    ]

    /// Nil when `sql` is one read-only SELECT or WITH statement; else why it is refused.
    public static func problem(_ sql: String) -> String? {
        var words: [String] = []
        var statements = 0
        var sawText = false
        var scalars = Array(sql.unicodeScalars)[...]
        var word = ""
        func endWord() {
            if !word.isEmpty { words.append(word.lowercased()) }
            word = ""
        }
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            switch scalar {
            case "'", "\"", "`":
                endWord()
                sawText = true
                // A quoted string or name: skipped to its closing quote (doubled quotes stay inside).
                while let next = scalars.first {
                    scalars = scalars.dropFirst()
                    if next == scalar {
                        if scalars.first == scalar { scalars = scalars.dropFirst() } else { break }
                    }
                }
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
                    if !CharacterSet.whitespacesAndNewlines.contains(scalar) { sawText = true }
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
        return nil
    }
}
