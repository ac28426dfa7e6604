import Foundation
import MastheadBuild
import MastheadContent
import MastheadSupport

@testable import MastheadServer

/// `PreviewServer` started for real on a free port; stopped by `stop()`.
final class RunningServer: Sendable {
    let port: Int
    private let task: Task<Void, Error>

    struct NotReady: Error {}

    /// `configure` changes the configuration further (`host`, `requestTimeout`, ...).
    static func start(
        _ site: PreviewTestSite, drafts: Bool = false, future: Bool = false,
        configure: (inout PreviewServer.Configuration) -> Void = { _ in }
    ) async throws -> RunningServer {
        var configuration = PreviewServer.Configuration(identity: BuildIdentity(siteFolder: SiteFolder(site.root)))
        configuration.port = 0
        configuration.identity.includeDrafts = drafts
        configuration.identity.includeFuture = future
        configure(&configuration)
        let server = PreviewServer(configuration: configuration)
        let (addresses, continuation) = AsyncStream<String>.makeStream()
        let box = ReportBox()
        let stopper = PreviewServer.Stopper()
        let task = Task {
            try await server.run(handlesSignals: false, stopper: stopper, onReady: { continuation.yield($0) }, onRebuild: { box.append($0) })
        }
        var iterator = addresses.makeAsyncIterator()
        guard let address = await iterator.next(),
            let port = URLComponents(string: address)?.port
        else {
            task.cancel()
            throw NotReady()
        }
        return RunningServer(port: port, task: task, box: box, stopper: stopper)
    }

    /// Runs `body` against a started server and stops the server afterwards, even on failure.
    static func with<T>(
        _ site: PreviewTestSite, drafts: Bool = false, future: Bool = false,
        configure: (inout PreviewServer.Configuration) -> Void = { _ in },
        _ body: (RunningServer) async throws -> T
    ) async throws -> T {
        let server = try await start(site, drafts: drafts, future: future, configure: configure)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    private let box: ReportBox

    private let stopper: PreviewServer.Stopper

    private init(port: Int, task: Task<Void, Error>, box: ReportBox, stopper: PreviewServer.Stopper) {
        self.stopper = stopper
        self.port = port
        self.task = task
        self.box = box
    }

    var reports: [PreviewServer.RebuildReport] { box.all }

    func get(_ target: String) async throws -> RawResponse { try await RawHTTP.request(port: port, target) }
    func head(_ target: String) async throws -> RawResponse { try await RawHTTP.request(port: port, target, method: "HEAD") }

    func stop() async {
        await stopper.stop()
        _ = try? await task.value
    }
}

final class ReportBox: Sendable {
    private let reports = Locked<[PreviewServer.RebuildReport]>([])
    func append(_ report: PreviewServer.RebuildReport) {
        reports.withLock { $0.append(report) }
    }
    var all: [PreviewServer.RebuildReport] {
        reports.withLock { $0 }
    }
}
