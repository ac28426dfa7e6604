import Foundation
import Hummingbird
import Logging
import MastheadBuild
import MastheadContent
import MastheadSupport
import NIOCore
import ServiceLifecycle

/// `masthead serve`: builds the site into memory, serves it, watches the sources, rebuilds
/// on every change and tells open pages to reload.
package struct PreviewServer: Sendable {
    package struct Configuration: Sendable {
        /// The site, drafts and future articles; the base URL is the preview's own address, set once it listens.
        package var identity: BuildIdentity
        package var host = "127.0.0.1"
        package var port = 8080
        /// A burst of saves ends when nothing has changed for this long.
        package var quietPeriod: TimeInterval = 0.04
        /// Every request must arrive whole within this long: its head from the moment the
        /// connection opened or the previous response ended (so an idle connection is closed
        /// too), its body from its head. A client sending a byte every few seconds (slowloris)
        /// is cut off. Open event streams are responses, not requests, and are never cut.
        package var requestTimeout: Duration = .seconds(30)
        /// How often open event streams get a comment line, so a dead page is noticed.
        package var heartbeat: Duration = .seconds(15)
        /// Told the stages of the first build, the long one (the terminal's progress line).
        package var firstBuildProgress: (any BuildProgress)?
        /// `--edit`: the editor at `/_masthead/` writes files even when the server listens beyond
        /// loopback (then its pages ask for `editorToken`). On loopback it is always on.
        package var edit = false
        /// Made when the server starts; every request that changes a file carries it (docs/editor.md).
        package var editorToken = EditorAccess.makeToken()
        /// Connections held at once (`ConnectionBudget`); nil: what the descriptor limit leaves room for.
        package var maximumConnections: Int?
        /// Where the server says what is not a build's report (the connection budget reached).
        package var log: @Sendable (String) -> Void = { StandardError.write($0 + "\n") }

        package init(identity: BuildIdentity) {
            self.identity = identity
        }

        package var siteFolder: SiteFolder { identity.siteFolder }
    }

    /// What a rebuild reports to whoever runs the server (the terminal, tests).
    package struct RebuildReport: Sendable {
        package var build: Int
        package var succeeded: Bool
        package var changed: [String]
        package var seconds: Double
        package var reusedDocuments: Int
        package var parsedDocuments: Int
        /// Pages that went through their templates, and pages kept from the previous render.
        package var renderedPages: Int
        package var reusedPages: Int
        package var diagnostics: [Diagnostic]
    }

    package let configuration: Configuration

    package init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Runs until SIGINT or SIGTERM (or until the task is cancelled). `onReady` receives the
    /// address once the port is bound and the first build is done; `onRebuild` every build.
    /// `handlesSignals` false leaves SIGINT and SIGTERM alone; `stopper` stops the server
    /// gracefully from code (tests).
    package func run(
        handlesSignals: Bool = true, stopper: Stopper? = nil,
        onReady: @escaping @Sendable (String) -> Void,
        onRebuild: @escaping @Sendable (RebuildReport) -> Void = { _ in }
    ) async throws {
        let state = PreviewState()
        let events = ReloadEvents()
        let builder = PreviewBuilder(identity: configuration.identity)
        let failures = FailureCounter()
        let watcher = SourceWatcher(siteFolder: configuration.siteFolder, quietPeriod: configuration.quietPeriod)
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let host = configuration.host
        let requestTimeout = configuration.requestTimeout

        let allowedHosts = AllowedHosts(listeningOn: host)
        let beyondLoopback = allowedHosts.beyondLoopback
        let editor = EditorResponder(
            siteFolder: configuration.siteFolder,
            access: EditorAccess(enabled: !beyondLoopback || configuration.edit, pagesNeedToken: beyondLoopback, token: configuration.editorToken),
            preview: EditorPreview(identity: configuration.identity))
        var logger = Logger(label: "masthead-serve")
        logger.logLevel = .warning
        let app = Application(
            responder: PreviewResponder(state: state, events: events, allowedHosts: allowedHosts, editor: editor, failure: { failures.value }),
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [RequestDeadline(limit: requestTimeout)],
                    idleTimeout: TimeAmount(requestTimeout))),
            configuration: .init(
                address: .hostname(host, port: configuration.port), serverName: nil,
                availableConnectionsDelegate: ConnectionBudget(
                    maximum: configuration.maximumConnections ?? ConnectionBudget.forDescriptorLimit(ConnectionBudget.raiseDescriptorLimit()),
                    say: configuration.log)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger)

        let rebuilds = RebuildService(
            state: state, events: events, builder: builder, editorPreview: editor.preview, failures: failures, watcher: watcher,
            ports: ports, host: host, heartbeat: configuration.heartbeat,
            firstBuildProgress: configuration.firstBuildProgress, onReady: onReady, onRebuild: onRebuild,
            searchFinisher: SearchFinisher(builder: builder, state: state))
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: app), .init(service: rebuilds)],
                gracefulShutdownSignals: handlesSignals ? [.sigint, .sigterm] : [],
                logger: logger))
        await stopper?.attach(group)
        try await group.run()
    }

    /// The editor's address to print once the server listens at `address`; nil when editing is
    /// off (beyond loopback without `--edit`). Beyond loopback it carries the token once.
    package func editorAddress(serving address: String) -> String? {
        let beyondLoopback = AllowedHosts(listeningOn: configuration.host).beyondLoopback
        if beyondLoopback && !configuration.edit { return nil }
        return address + "_masthead/" + (beyondLoopback ? "?token=\(configuration.editorToken)" : "")
    }

    /// Stops a running server the way Ctrl-C does: open event streams end, requests finish.
    package final class Stopper: Sendable {
        private struct State: Sendable {
            var group: ServiceGroup?
            var requested = false
        }

        private let state = Locked(State())

        package init() {}

        func attach(_ group: ServiceGroup) async {
            let stopNow = state.withLock { state in
                state.group = group
                return state.requested
            }
            if stopNow { await group.triggerGracefulShutdown() }
        }

        package func stop() async {
            let group = state.withLock { state in
                state.requested = true
                return state.group
            }
            await group?.triggerGracefulShutdown()
        }
    }
}

/// Failed builds so far, read by requests to tell pages which failure they show.
final class FailureCounter: Sendable {
    private let count = Locked(0)
    var value: Int {
        count.withLock { $0 }
    }
    func set(_ newValue: Int) {
        count.withLock { $0 = newValue }
    }
}

/// Builds once the port is known, then once per burst of changes, swapping each result
/// in whole and announcing it. On shutdown it closes the event streams so open pages
/// do not keep the server waiting.
struct RebuildService: Service {
    let state: PreviewState
    let events: ReloadEvents
    let builder: PreviewBuilder
    let editorPreview: EditorPreview
    let failures: FailureCounter
    let watcher: SourceWatcher
    let ports: AsyncStream<Int>
    let host: String
    let heartbeat: Duration
    let firstBuildProgress: (any BuildProgress)?
    let onReady: @Sendable (String) -> Void
    let onRebuild: @Sendable (PreviewServer.RebuildReport) -> Void
    let searchFinisher: SearchFinisher

    func run() async throws {
        try await withGracefulShutdownHandler {
            var portIterator = ports.makeAsyncIterator()
            guard let port = await portIterator.next() else { return }
            let shown = host.contains(":") ? "[\(host)]" : host
            let address = "http://\(shown):\(port)/"
            builder.baseURL = address
            editorPreview.setBaseURL(address)
            let changes = watcher.changes()
            builder.progress = firstBuildProgress
            await rebuild()
            builder.progress = nil
            guard !Task.isShuttingDownGracefully else { return }
            onReady(address)
            let pings = Task { [heartbeat] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: heartbeat)
                    events.send(comment: "ping")
                }
            }
            defer { pings.cancel() }
            // A changed database result rebuilds as a saved file does (docs/reports.md, "Databases"):
            // the files drawn from it are patched in, or the site built again when one is site.yml.
            let polls = DatabasePoller.start(builder.databaseResults) { await rebuild(changes: $0) }
            defer { polls.cancel() }
            for await _ in changes.cancelOnGracefulShutdown() {
                await rebuild(changes: watcher.takeChanges())
            }
        } onGracefulShutdown: {
            watcher.stop()
            events.close()
        }
        watcher.stop()
        events.close()
    }

    /// `changes`: what changed since the last build; nil builds everything.
    private func rebuild(changes: Changes? = nil) async {
        let builder = self.builder
        // Ctrl-C during a long build stops waiting for it: the build's result is dropped.
        let result = OneShot<PreviewBuilder.Outcome?>()
        DispatchQueue.global().async { result.set(builder.rebuild(changes: changes)) }
        let outcome = await withGracefulShutdownHandler {
            await result.value()
        } onGracefulShutdown: {
            result.set(nil)
        }
        guard let outcome else { return }
        failures.set(outcome.failure)
        state.replace(outcome.value)
        let changed = outcome.changed.map(JSONText.string).joined(separator: ",")
        events.send(event: "rebuild", data: "{\"build\":\(outcome.value.site.number),\"failure\":\(outcome.failure),\"changed\":[\(changed)]}")
        onRebuild(
            PreviewServer.RebuildReport(
                build: outcome.value.site.number, succeeded: outcome.failure == 0, changed: outcome.changed, seconds: outcome.seconds,
                reusedDocuments: outcome.reusedDocuments, parsedDocuments: outcome.parsedDocuments,
                renderedPages: outcome.renderedPages, reusedPages: outcome.reusedPages, diagnostics: outcome.diagnostics))
        // A patch left the search index to bring up to date: done once saves pause, after the page
        // reloaded, rather than before the next save is patched (2 s at 100,000 articles).
        if outcome.patched { searchFinisher.request() }
    }
}

/// Brings the preview's search index up to date after patches (`PreviewBuilder.finishSearchPatch`),
/// off the rebuild loop and one finish at a time, once saves pause: saves in a row are patched
/// and shown without waiting for it or sharing the machine with it (a finish is 2 s of a core at
/// 100,000 articles), and the finish that follows indexes them all.
final class SearchFinisher: Sendable {
    private struct Status: Sendable {
        var running = false
        var again = false
        var lastRequest = DispatchTime.now()
    }

    /// How long saves must pause before the index is made.
    let pause: Double
    private let status = Locked(Status())
    private let builder: PreviewBuilder
    private let state: PreviewState

    init(builder: PreviewBuilder, state: PreviewState, pause: Double = 0.5) {
        self.builder = builder
        self.state = state
        self.pause = pause
    }

    func request() {
        let start = status.withLock { status in
            status.lastRequest = DispatchTime.now()
            if status.running {
                status.again = true
                return false
            }
            status.running = true
            return true
        }
        guard start else { return }
        DispatchQueue.global().async { self.finish() }
    }

    private func finish() {
        repeat {
            waitForPause()
            if let value = builder.finishSearchPatch() { state.replace(value) }
        } while status.withLock { status in
            defer { status.again = false }
            status.running = status.again
            return status.again
        }
    }

    private func waitForPause() {
        while true {
            let quiet = status.withLock { Double(DispatchTime.now().uptimeNanoseconds - $0.lastRequest.uptimeNanoseconds) / 1e9 }
            guard quiet < pause else { return }
            Thread.sleep(forTimeInterval: pause - quiet)
        }
    }
}

/// A value delivered once: later values are ignored.
final class OneShot<Value: Sendable>: Sendable {
    private struct State: Sendable {
        var value: Value?
        var delivered = false
        var receiver: (@Sendable (Value) -> Void)?
    }

    private let state = Locked(State())

    func onValue(_ receiver: @escaping @Sendable (Value) -> Void) {
        let ready: Value? = state.withLock { state in
            if state.delivered, let value = state.value { return value }
            state.receiver = receiver
            return nil
        }
        if let ready { receiver(ready) }
    }

    /// Waits for the value.
    func value() async -> Value {
        await withCheckedContinuation { continuation in onValue { continuation.resume(returning: $0) } }
    }

    func set(_ newValue: Value) {
        let receiver: (@Sendable (Value) -> Void)? = state.withLock { state in
            guard !state.delivered else { return nil }
            state.delivered = true
            state.value = newValue
            defer { state.receiver = nil }
            return state.receiver
        }
        receiver?(newValue)
    }
}
