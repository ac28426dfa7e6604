/// The tables of the languages `WordLexer` reads, with the classes Pygments gives their words.
enum CodeLanguages {
    static let swift: CodeLanguage = {
        var language = CodeLanguage()
        language.lineComments = ["//"]
        language.blockComment = ("/*", "*/", "cm")
        language.quotes = [("\"\"\"", "s"), ("\"", "s")]
        language.interpolations = ["\"\"\"": ("\\(", UInt8(ascii: ")")), "\"": ("\\(", UInt8(ascii: ")"))]
        language.words = CodeLanguage.words(
            "k",
            "if else guard switch case default for while repeat return break continue fallthrough in where do catch throw throws "
                + "rethrows try defer async await as is"
        )
        .merging(
            CodeLanguage.words(
                "kd",
                "import struct class enum protocol extension func let var init deinit subscript typealias associatedtype "
                    + "public private fileprivate internal open static final mutating nonmutating override lazy weak "
                    + "indirect inout some any operator precedencegroup convenience required nonisolated actor"),
            uniquingKeysWith: { first, _ in first }
        )
        .merging(CodeLanguage.words("kc", "true false nil self Self super _"), uniquingKeysWith: { first, _ in first })
        .merging(
            CodeLanguage.words(
                "nb",
                "Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64 Double Float Bool String Character Array "
                    + "Dictionary Set Optional Result Void Never Any AnyObject Error Sendable Hashable Equatable Codable"),
            uniquingKeysWith: { first, _ in first }
        )
        .merging(
            CodeLanguage.words("bp", "print debugPrint fatalError precondition assert min max abs zip stride"),
            uniquingKeysWith: { first, _ in first })
        language.nameAfter = [
            "func": "nf", "struct": "nc", "class": "nc", "enum": "nc", "protocol": "nc", "extension": "nc", "import": "nc", "actor": "nc",
            "let": "nv", "var": "nv", "typealias": "nc"
        ]
        language.longPunctuation = ["->"]
        language.operators = "+-*/%<>!&|^~?"
        language.punctuation = "()[]{},;.:=@#"
        language.decorators = true
        return language
    }()

    static let python: CodeLanguage = {
        var language = CodeLanguage()
        language.lineComments = ["#"]
        language.quotes = [("\"\"\"", "s2"), ("'''", "s1"), ("\"", "s2"), ("'", "s1")]
        language.docQuote = "\"\"\""
        language.stringPrefixes = "frbu"
        language.words = CodeLanguage.words(
            "k",
            "if elif else for while return def class with as try except finally raise pass break continue lambda yield "
                + "global nonlocal assert del async await match case"
        )
        .merging(CodeLanguage.words("kn", "import from"), uniquingKeysWith: { first, _ in first })
        .merging(CodeLanguage.words("ow", "and or not in is"), uniquingKeysWith: { first, _ in first })
        .merging(CodeLanguage.words("kc", "True False None"), uniquingKeysWith: { first, _ in first })
        .merging(CodeLanguage.words("bp", "self cls"), uniquingKeysWith: { first, _ in first })
        .merging(
            CodeLanguage.words(
                "nb",
                "print len range int str float bool list dict set tuple open sorted enumerate zip map filter sum min max "
                    + "abs isinstance type super object repr round any all iter next input"),
            uniquingKeysWith: { first, _ in first })
        language.nameAfter = ["def": "nf", "class": "nc", "import": "nn", "from": "nn"]
        language.operators = "+-*/%=<>!&|^~.@"
        language.punctuation = "()[]{},;:"
        language.decorators = true
        return language
    }()

    static let javaScript: CodeLanguage = {
        var language = CodeLanguage()
        language.lineComments = ["//"]
        language.blockComment = ("/*", "*/", "cm")
        language.quotes = [("`", "sb"), ("\"", "s2"), ("'", "s1")]
        language.interpolations = ["`": ("${", UInt8(ascii: "}"))]
        language.words = CodeLanguage.words(
            "k",
            "if else for while do return break continue switch case default throw try catch finally new delete typeof "
                + "instanceof in of void yield await async import export from as with debugger"
        )
        .merging(CodeLanguage.words("kd", "var let const function class extends static get set"), uniquingKeysWith: { first, _ in first })
        .merging(CodeLanguage.words("kc", "true false null undefined NaN Infinity"), uniquingKeysWith: { first, _ in first })
        .merging(CodeLanguage.words("k", "this super"), uniquingKeysWith: { first, _ in first })
        language.name = "nx"
        language.wordExtra = "$"
        language.number = "mf"
        language.operators = "+-*/%=<>!&|^~?:"
        language.punctuation = "()[]{},;."
        return language
    }()

    static let typeScript: CodeLanguage = {
        var language = javaScript
        language.words.merge(
            CodeLanguage.words("kd", "interface type enum namespace declare abstract implements readonly private public protected"),
            uniquingKeysWith: { _, new in new })
        language.words.merge(
            CodeLanguage.words("kt", "number string boolean any unknown never void object symbol bigint"), uniquingKeysWith: { _, new in new })
        language.afterColon = "kt"
        language.decorators = true
        return language
    }()

    static let sql: CodeLanguage = {
        var language = CodeLanguage()
        language.lineComments = ["--"]
        language.blockComment = ("/*", "*/", "c")
        language.quotes = [("'", "s1"), ("\"", "s2")]
        language.caseInsensitiveWords = true
        language.words = CodeLanguage.words(
            "k",
            "SELECT FROM WHERE GROUP BY ORDER HAVING LIMIT OFFSET JOIN INNER LEFT RIGHT FULL OUTER CROSS ON AS DISTINCT UNION ALL "
                + "INSERT INTO VALUES UPDATE SET DELETE CREATE TABLE VIEW INDEX DROP ALTER ADD PRIMARY KEY FOREIGN REFERENCES "
                + "DEFAULT CASE WHEN THEN ELSE END ASC DESC WITH RECURSIVE RETURNING CONSTRAINT UNIQUE CHECK IF EXISTS "
                + "NULL TRUE FALSE"
        )
        .merging(CodeLanguage.words("nb", "INTEGER INT TEXT REAL VARCHAR DATE TIMESTAMP BOOLEAN NUMERIC"), uniquingKeysWith: { first, _ in first })
        .merging(CodeLanguage.words("ow", "AND OR NOT IN IS LIKE BETWEEN"), uniquingKeysWith: { first, _ in first })
        .merging(
            CodeLanguage.words("nf", "COUNT SUM AVG MIN MAX COALESCE ROUND LOWER UPPER LENGTH SUBSTR STRFTIME ABS NULLIF CAST"),
            uniquingKeysWith: { first, _ in first })
        language.operators = "+-*/%=<>!|"
        language.punctuation = "()[],;.:"
        return language
    }()

    static let toml: CodeLanguage = {
        var language = CodeLanguage()
        language.lineComments = ["#"]
        language.quotes = [("\"\"\"", "s"), ("'''", "s"), ("\"", "s"), ("'", "s")]
        language.words = CodeLanguage.words("kc", "true false inf nan")
        language.wordExtra = "-"
        language.operators = "="
        language.punctuation = "[]{},.:"
        return language
    }()
}
