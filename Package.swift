// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Masthead",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "masthead", targets: ["masthead"]),
        .library(name: "MastheadCore", targets: ["MastheadCore"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.65.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        // `masthead deploy` (MastheadDeploy): S3 requests over HTTP, signed with SHA-256 and HMAC.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
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
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        .target(
            name: "MastheadCore",
            dependencies: [
                "CMarkGFM",
                "CSQLite",
                "CStemmer",
                "CPostgres",
                "CVips",
                .product(name: "Yams", package: "Yams")
            ],
            // The search page's script, written into every site with search on (docs/search.md), and the
            // catalog filter's script and stylesheet, written into every site with a catalog filter: (docs/catalogs.md).
            resources: [
                .embedInCode("Search/Client/search.js"), .embedInCode("Render/Client/catalog-filter.js"),
                .embedInCode("Render/Client/catalog-filter.css")
            ]
        ),
        .target(
            name: "MastheadServer",
            dependencies: [
                "MastheadCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
            ]
        ),
        .executableTarget(
            name: "masthead",
            dependencies: [
                "MastheadCore",
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
                "MastheadCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio")
            ]
        ),
        // `swift run -c release csv-benchmark FILE`: Masthead's CSV reader against CSV.swift (Benchmarks/README.md).
        .executableTarget(
            name: "csv-benchmark",
            dependencies: ["MastheadCore", .product(name: "CSV", package: "CSV.swift")],
            path: "Benchmarks/csv"
        ),
        .testTarget(
            name: "MastheadCoreTests",
            dependencies: [
                "MastheadCore", "CSQLite", .product(name: "CSV", package: "CSV.swift"),
                .product(name: "Mustache", package: "swift-mustache")
            ]
        ),
        .testTarget(
            name: "MastheadDeployTests",
            dependencies: ["MastheadDeploy", "MastheadCore"]
        ),
        .testTarget(
            name: "MastheadServerTests",
            dependencies: [
                "MastheadServer",
                "MastheadCore",
                .product(name: "Hummingbird", package: "hummingbird")
            ]
        )
    ]
)
