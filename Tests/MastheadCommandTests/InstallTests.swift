import Foundation
import MastheadTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The binary alone, as `make install` leaves it (docs/install.md): copied into an empty folder,
/// run from there with no `MASTHEAD_HOME` and, where the system allows a private mount
/// namespace, with the source tree hidden under an empty folder.
/// `MASTHEAD_INSTALLED_BINARY` names the binary to try (an installed one:
/// `MASTHEAD_INSTALLED_BINARY=/usr/local/bin/masthead swift test --filter InstallTests`); by default it is the debug binary the tests built.
@Suite("The installed binary works alone", .serialized)
struct InstallTests {
    /// A fresh folder with a copy of the binary in `bin/` and an empty `work/` to run it from.
    struct Installation {
        let root: URL
        let binary: URL
        let work: URL

        init() throws {
            let manager = FileManager.default
            root = manager.temporaryDirectory.appendingPathComponent("masthead-install-\(UUID().uuidString)")
            binary = root.appendingPathComponent("bin/masthead")
            work = root.appendingPathComponent("work")
            try manager.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.createDirectory(at: work, withIntermediateDirectories: true)
            let installed = ProcessInfo.processInfo.environment["MASTHEAD_INSTALLED_BINARY"].map { URL(fileURLWithPath: $0) }
            try manager.copyItem(at: installed ?? MastheadCommand.binary, to: binary)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        /// The environment of the tests without `MASTHEAD_HOME`.
        var environment: [String: String] {
            var environment = MastheadCommand.environment([:])
            environment["MASTHEAD_HOME"] = nil
            return environment
        }

        /// `masthead ARGUMENTS`, started in `work/`, with the source tree hidden when the system allows it.
        func start(_ arguments: [String], output: Pipe, errors: Pipe) throws -> Process {
            let process = Process()
            if SourceTree.canHide {
                process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
                process.arguments = SourceTree.hidingArguments + [binary.path] + arguments
            } else {
                process.executableURL = binary
                process.arguments = arguments
            }
            process.environment = environment
            process.currentDirectoryURL = work
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            return process
        }

        func run(_ arguments: [String]) throws -> MastheadCommand.Run {
            let output = Pipe()
            let errors = Pipe()
            let process = try start(arguments, output: output, errors: errors)
            let reader = ErrorsReader(errors.fileHandleForReading)
            let outData = output.fileHandleForReading.readDataToEndOfFile()
            let errData = reader.wait()
            process.waitUntilExit()
            return MastheadCommand.Run(
                status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
                errors: String(decoding: errData, as: UTF8.self))
        }
    }

    /// Hiding the repository: `unshare --mount` gives the command a mount namespace of its own, in
    /// which an empty tmpfs covers the repository, so nothing the binary could find there exists.
    enum SourceTree {
        static let hidingArguments = ["--mount", "/bin/sh", "-c", "mount -t tmpfs none \"$0\" && exec \"$@\"", repositoryRoot.path]

        /// Whether this system lets the tests do it (root, or a user allowed to unshare).
        static let canHide: Bool = {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            probe.arguments = hidingArguments + ["/bin/sh", "-c", "test ! -e \"$0/Package.swift\"", repositoryRoot.path]
            probe.standardOutput = FileHandle.nullDevice
            probe.standardError = FileHandle.nullDevice
            guard (try? probe.run()) != nil else { return false }
            probe.waitUntilExit()
            return probe.terminationStatus == 0
        }()
    }

    @Test("new site, build, check and serve from an empty folder, with no MASTHEAD_HOME and no source tree")
    func worksAlone() async throws {
        let installation = try Installation()
        defer { installation.remove() }
        let created = try installation.run(["new", "site", "blog"])
        #expect(created.status == 0, "\(created.errors)")
        #expect(created.output.hasPrefix("Wrote a new site ("), "\(created.output)")
        let site = installation.work.appendingPathComponent("blog")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("Content/site.yml").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("Templates/base.mustache").path))

        let build = try installation.run(["build", "--site", "blog"])
        #expect(build.status == 0, "\(build.errors)")
        #expect(build.output.contains("3 article"), "\(build.output)")
        for page in ["index.html", "articles/tiramisu/index.html", "stores/index.html", "reports/numeri/index.html", "css/site.css"] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("public/\(page)").path), "\(page)")
        }

        let check = try installation.run(["check", "--site", "blog"])
        #expect(check.status == 0, "\(check.errors)")
        #expect(check.output.contains(": 0 errors, 0 warnings"), "\(check.output)")

        let home = try await Self.serveHome(installation, site: "blog")
        #expect(home.status == 200)
        #expect(home.body.contains("<html"), "\(home.body.prefix(200))")
        #expect(home.body.contains("/articles/tiramisu/"), "the home page links the starter's articles")
    }

    /// `masthead serve --port 0` started, `/` fetched at the address it prints, the server interrupted.
    static func serveHome(_ installation: Installation, site: String) async throws -> (status: Int, body: String) {
        let output = Pipe()
        let errors = Pipe()
        let process = try installation.start(["serve", "--site", site, "--port", "0", "--quiet"], output: output, errors: errors)
        let reader = ErrorsReader(errors.fileHandleForReading)
        defer {
            if process.isRunning { process.interrupt() }
            process.waitUntilExit()
            _ = reader.wait()
        }
        var printed = ""
        while !printed.contains("\n"), case let chunk = output.fileHandleForReading.availableData, !chunk.isEmpty {
            printed += String(decoding: chunk, as: UTF8.self)
        }
        let address = try #require(printed.split(separator: "\n").first.map(String.init), "serve printed no address")
        #expect(address.hasPrefix("http://"), "\(address)")
        let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: address)))
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test(
        "new site writes the files of the Masthead folder, byte for byte, from the copies in the binary",
        arguments: [nil, "beach-club", "film-club", "personal-budget", "student-housing"])
    func embeddedFilesMatchTheFolders(example: String?) throws {
        let installation = try Installation()
        defer { installation.remove() }
        let created = try installation.run(["new", "site", "site"] + (example.map { ["--example", $0] } ?? []))
        #expect(created.status == 0, "\(created.errors)")
        let site = installation.work.appendingPathComponent("site")
        let written = Self.files(under: site)
        // Where each file of the new site comes from in the Masthead folder.
        let expected: [String: URL]
        if let example {
            let root = repositoryRoot.appendingPathComponent("Examples/\(example)")
            expected = Self.sourceFiles(root, ["Content", "Templates"])
        } else {
            let theme = Self.sourceFiles(
                repositoryRoot,
                ["Templates", "Content/static/css", "Content/static/js", "Content/static/favicon.svg", "Content/static/images/logo.svg"])
            let starter = Self.sourceFiles(repositoryRoot.appendingPathComponent("Starters/default"), ["Content"])
            expected = theme.merging(starter) { _, starter in starter }
        }
        #expect(written.sorted() == expected.keys.sorted())
        #expect(written.count > 10)
        for path in written {
            guard let source = expected[path] else { continue }
            let copy = FileManager.default.contents(atPath: site.appendingPathComponent(path).path)
            #expect(copy == FileManager.default.contents(atPath: source.path), "\(path) differs from \(source.path)")
        }
    }

    @Test("MASTHEAD_HOME naming a folder that is not Masthead's is an error that says how to do without it")
    func badMastheadHome() throws {
        let installation = try Installation()
        defer { installation.remove() }
        let output = Pipe()
        let errors = Pipe()
        let process = Process()
        process.executableURL = installation.binary
        process.arguments = ["new", "site", "site"]
        process.environment = installation.environment.merging(["MASTHEAD_HOME": installation.work.path]) { _, new in new }
        process.currentDirectoryURL = installation.work
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(
            message
                == "error: MASTHEAD_HOME is \(installation.work.path), not a Masthead folder (no Starters/default/Content/site.yml or "
                + "Templates/base.mustache); unset it to use the starter files built into masthead\n")
        #expect(!FileManager.default.fileExists(atPath: installation.work.appendingPathComponent("site").path))
    }

    /// Every regular file under `folder`, relative to it, skipping hidden files.
    static func files(under folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        var result: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            result.append(String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
        }
        return result
    }

    /// The files a new site takes from `root/relative` for each of `relatives`, by their path in
    /// the new site: without hidden files, output folders and the examples' screenshots.
    static func sourceFiles(_ root: URL, _ relatives: [String]) -> [String: URL] {
        var result: [String: URL] = [:]
        for relative in relatives {
            let start = root.appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: start.path, isDirectory: &isFolder) else { continue }
            let paths = isFolder.boolValue ? files(under: start).map { "\(relative)/\($0)" } : [relative]
            for path in paths where !path.split(separator: "/").contains(where: { $0 == "public" || $0 == "screenshot.png" }) {
                result[path] = root.appendingPathComponent(path)
            }
        }
        return result
    }
}
