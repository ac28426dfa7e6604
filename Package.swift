// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Masthead",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "masthead", targets: ["masthead"]),
        // Every layer of the core, for the fuzzers' package (Fuzz/).
        .library(
            name: "MastheadBuild",
            targets: [
                "MastheadSupport", "MastheadContent", "MastheadDatabases", "MastheadImages", "MastheadMarkdown", "MastheadCharts",
                "MastheadSite", "MastheadReports", "MastheadSearch", "MastheadMustache", "MastheadRender", "MastheadBuild"
            ]
        )
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        // Only for the tests that compare Masthead's template engine with the library its themes'
        // dialect comes from.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        // Only for the tests and the benchmark that compare Masthead's CSV reader with it.
        .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2")
    ],
    targets: [
        .systemLibrary(
            name: "CMarkGFM",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // libpq, PostgreSQL's client library (Debian's libpq-dev), for datasets on a PostgreSQL server.
        .systemLibrary(
            name: "CPostgres",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(
            name: "CStemmer",
            providers: [.apt(["libstemmer-dev"])]
        ),
        // mimalloc (Debian's libmimalloc-dev) replaces glibc's malloc in the command: a build
        // allocates and frees millions of small strings on every core, and glibc's free lists
        // made parsing 100,000 articles slower per article than 10,000 (docs/performance.md).
        .systemLibrary(
            name: "CMimalloc",
            providers: [.apt(["libmimalloc-dev"])]
        ),
        // libcurl (Debian's libcurl4-openssl-dev): `masthead deploy`'s HTTP client, with the system's
        // OpenSSL, certificates and proxy variables; OpenSSL's libcrypto for its digests (MD5, SHA-256, HMAC).
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CLibcrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        // The core's layers, bottom first (ARCHITECTURE.md, "The targets"): a target imports only those
        // below it, and what one must show another is `package`, so the compiler keeps the layers.
        .target(name: "MastheadSupport"),
        .target(name: "MastheadContent", dependencies: ["MastheadSupport", .product(name: "Yams", package: "Yams")]),
        .target(name: "MastheadDatabases", dependencies: ["MastheadSupport", "MastheadContent", "CSQLite", "CPostgres"]),
        .target(name: "MastheadImages", dependencies: ["MastheadSupport", "CVips"]),
        .target(name: "MastheadMarkdown", dependencies: ["MastheadSupport", "MastheadImages", "CMarkGFM"]),
        .target(name: "MastheadCharts", dependencies: ["MastheadSupport", "MastheadContent"]),
        .target(
            name: "MastheadSite",
            dependencies: ["MastheadSupport", "MastheadContent", "MastheadImages", "MastheadMarkdown", "MastheadCharts"]
        ),
        .target(
            name: "MastheadReports",
            dependencies: ["MastheadSupport", "MastheadContent", "MastheadDatabases", "MastheadCharts", "MastheadSite"]
        ),
        // The search page's script, written into every site with search on (docs/search.md).
        .target(
            name: "MastheadSearch",
            dependencies: ["MastheadSupport", "MastheadSite", "CStemmer"],
            resources: [.embedInCode("Client/search.js")]
        ),
        // The Mustache engine: templates parsed and rendered, knowing nothing of sites (swift-mustache is its test oracle).
        .target(name: "MastheadMustache", dependencies: ["MastheadSupport"]),
        // The catalog filter's script and stylesheet, written into every site with a catalog filter: (docs/catalogs.md).
        .target(
            name: "MastheadRender",
            dependencies: [
                "MastheadSupport", "MastheadContent", "MastheadImages", "MastheadMarkdown", "MastheadCharts", "MastheadSite",
                "MastheadReports", "MastheadSearch", "MastheadMustache"
            ],
            resources: [.embedInCode("Client/catalog-filter.js"), .embedInCode("Client/catalog-filter.css")]
        ),
        .target(
            name: "MastheadBuild",
            dependencies: [
                "MastheadSupport", "MastheadContent", "MastheadDatabases", "MastheadImages", "MastheadMarkdown", "MastheadSite",
                "MastheadReports", "MastheadSearch", "MastheadRender"
            ]
        ),
        // What the command shows on a terminal: diagnostics with their source lines, progress, colours.
        .target(name: "MastheadTerminal", dependencies: ["MastheadSupport", "MastheadContent"]),
        .target(
            name: "MastheadServer",
            dependencies: [
                "MastheadSupport", "MastheadContent", "MastheadSite", "MastheadReports", "MastheadBuild",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
            ],
            // The editor's script and stylesheet (docs/editor.md), and CodeMirror 5 from Debian's
            // libjs-codemirror (`make deps`; the codemirror files of Editor/Client/ link to it).
            resources: [
                .embedInCode("Editor/Client/editor.js"), .embedInCode("Editor/Client/editor.css"),
                .embedInCode("Editor/Client/codemirror.js"), .embedInCode("Editor/Client/codemirror.css"),
                .embedInCode("Editor/Client/codemirror-markdown.js")
            ]
        ),
        .executableTarget(
            name: "masthead",
            dependencies: [
                "MastheadSupport", "MastheadContent", "MastheadSite", "MastheadReports", "MastheadBuild", "MastheadTerminal",
                "MastheadServer",
                "MastheadDeploy",
                "CMimalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ],
            // StarterFiles/ links the default theme, the starter site and the examples, which the plugin
            // builds into the binary for `masthead new site` (docs/install.md).
            exclude: ["StarterFiles"],
            plugins: [.plugin(name: "EmbedStarterFiles")]
        ),
        .plugin(name: "EmbedStarterFiles", capability: .buildTool()),
        // `masthead deploy`: publishing the output folder to S3-compatible storage or over rsync (docs/publishing.md).
        .target(
            name: "MastheadDeploy",
            dependencies: [
                "MastheadSupport", "MastheadContent", "MastheadBuild", "CCurl", "CLibcrypto"
            ]
        ),
        // `swift run -c release csv-benchmark FILE`: Masthead's CSV reader against CSV.swift (Benchmarks/README.md).
        .executableTarget(
            name: "csv-benchmark",
            dependencies: ["MastheadContent", .product(name: "CSV", package: "CSV.swift")],
            path: "Benchmarks/csv"
        ),
        // `swift run -c release highlight-benchmark`: each lexer on 64 KB to 1 MB of its worst input (Benchmarks/README.md).
        .executableTarget(
            name: "highlight-benchmark",
            dependencies: ["MastheadMarkdown"],
            path: "Benchmarks/highlight"
        ),
        // The tests: a test target per source target, named after it (CONTRIBUTING.md, "Where tests and fixtures go"),
        // MastheadCommandTests for the command run as a process, RepositoryTests for checks of the repository's
        // documents and code as a whole, and MastheadTesting, the helpers they share (the test sites, the command, the
        // test databases), which only test targets depend on.
        .target(
            name: "MastheadTesting",
            dependencies: ["MastheadSupport", "MastheadContent", "MastheadBuild", "CSQLite"],
            path: "Tests/MastheadTesting"
        ),
        .testTarget(
            name: "MastheadSupportTests",
            dependencies: [
                "MastheadSupport", "MastheadImages", "MastheadMarkdown", "MastheadSearch", "MastheadBuild", "MastheadTerminal", "MastheadTesting"
            ]
        ),
        .testTarget(
            name: "MastheadContentTests",
            dependencies: [
                "MastheadSupport", "MastheadContent", "MastheadBuild", "MastheadTesting", .product(name: "CSV", package: "CSV.swift")
            ]
        ),
        .testTarget(
            name: "MastheadDatabasesTests",
            dependencies: [
                "MastheadSupport", "MastheadContent", "MastheadDatabases", "MastheadCharts", "MastheadSite", "MastheadReports",
                "MastheadBuild", "MastheadTesting"
            ]
        ),
        .testTarget(
            name: "MastheadImagesTests", dependencies: ["MastheadSupport", "MastheadContent", "MastheadImages", "MastheadBuild", "MastheadTesting"]),
        .testTarget(
            name: "MastheadMarkdownTests",
            dependencies: [
                "MastheadSupport", "MastheadContent", "MastheadImages", "MastheadMarkdown", "MastheadSite", "MastheadBuild", "MastheadTesting",
                "CMarkGFM"
            ]
        ),
        .testTarget(
            name: "MastheadChartsTests",
            dependencies: [
                "MastheadSupport", "MastheadContent", "MastheadCharts", "MastheadSite", "MastheadReports", "MastheadBuild", "MastheadTesting"
            ]
        ),
        .testTarget(
            name: "MastheadSiteTests",
            dependencies: [
                "MastheadSupport", "MastheadContent", "MastheadMarkdown", "MastheadSite", "MastheadRender", "MastheadBuild", "MastheadTesting"
            ]
        ),
        .testTarget(
            name: "MastheadReportsTests",
            dependencies: [
                "MastheadSupport", "MastheadContent", "MastheadDatabases", "MastheadCharts", "MastheadSite", "MastheadReports",
                "MastheadBuild", "MastheadTesting"
            ]
        ),
        .testTarget(
            name: "MastheadSearchTests",
            dependencies: ["MastheadSupport", "MastheadSite", "MastheadSearch", "MastheadBuild", "MastheadTesting"]
        ),
        .testTarget(
            name: "MastheadMustacheTests",
            dependencies: [
                "MastheadSupport", "MastheadContent", "MastheadMustache", "MastheadRender", "MastheadBuild", "MastheadTesting",
                .product(name: "Mustache", package: "swift-mustache")
            ]
        ),
        .testTarget(
            name: "MastheadRenderTests",
            dependencies: [
                "MastheadSupport", "MastheadContent", "MastheadCharts", "MastheadSite", "MastheadMustache", "MastheadRender", "MastheadBuild",
                "MastheadTesting"
            ]
        ),
        .testTarget(
            name: "MastheadBuildTests", dependencies: ["MastheadSupport", "MastheadContent", "MastheadSite", "MastheadBuild", "MastheadTesting"]),
        .testTarget(name: "MastheadTerminalTests", dependencies: ["MastheadSupport", "MastheadTerminal"]),
        .testTarget(name: "MastheadCommandTests", dependencies: ["MastheadSupport", "MastheadBuild", "MastheadTesting"]),
        .testTarget(name: "RepositoryTests", dependencies: ["MastheadTesting"]),
        .testTarget(
            name: "MastheadDeployTests",
            dependencies: ["MastheadDeploy", "MastheadSupport", "MastheadContent", "MastheadBuild", "MastheadTesting"]
        ),
        .testTarget(
            name: "MastheadServerTests",
            dependencies: [
                "MastheadServer", "MastheadSupport", "MastheadContent", "MastheadSite", "MastheadReports", "MastheadBuild",
                "MastheadTesting", .product(name: "Hummingbird", package: "hummingbird")
            ]
        )
    ]
)
