import ArgumentParser
import Foundation
import MastheadBuild
import MastheadDeploy
import MastheadSupport

/// `masthead deploy [TARGET]`: publishes the output folder the last build wrote to S3-compatible
/// storage or over rsync, after working out a plan (docs/publishing.md).
struct DeployCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deploy",
        abstract: "Publishes the built site to a target of site.yml's deploy: (the first by default) or a URL.")

    @Argument(help: ArgumentHelp(DeployCommand.targetHelp))
    var target: String?

    static let targetHelp =
        "A target named in site.yml, or a URL: s3://BUCKET[/PREFIX]?region=R&endpoint=URL&path_style=true, "
        + "ssh://[USER@]HOST[:PORT]/PATH, file:///PATH."

    @OptionGroup var siteOption: SiteFolderOption

    @Option(help: "The output folder masthead build wrote (default: SITE/public).")
    var output: String?

    @Flag(name: .customLong("dry-run"), help: "Print the plan and change nothing.")
    var dryRun = false

    @Flag(name: .customLong("allow-deletes"), help: "Delete stale files even when there are more than the target's max_deletes.")
    var allowDeletes = false

    @Flag(help: "Compare every file with the target's bytes, whatever the deploy record says; upload what differs and rebuild the record.")
    var verify = false

    @Flag(help: "Publish to a target no deploy of this site wrote (files already there are left alone), or one whose record names another baseURL.")
    var adopt = false

    @Flag(
        name: .customLong("prune-now"),
        help: "Delete old assets now rather than once pages that may still be cached (their longest max-age) have expired.")
    var pruneNow = false

    @OptionGroup var terminalOptions: TerminalOptions

    @OptionGroup var formatOption: FormatOption

    func run() async throws {
        let started = Date()
        let siteFolder = siteOption.folder
        if output?.isEmpty == true { throw ValidationError("--output: the path is empty; name the folder masthead build wrote") }
        let outputDirectory = output.map { URL(fileURLWithPath: $0).standardizedFileURL } ?? siteFolder.url("public")
        let console = Console(terminalOptions, format: formatOption.format, siteFolder: siteFolder)
        var report = DeployReport(dryRun: dryRun)

        func fail(_ message: String, diagnostics: [Diagnostic] = []) throws -> Never {
            report.status = .failed
            report.diagnostics = diagnostics + [console.error(message)]
            report.seconds = Date().timeIntervalSince(started)
            try console.emit(report)
            throw ExitCode(1)
        }

        let (configured, diagnostics) = DeployConfigReader.load(siteFolder: siteFolder)
        if diagnostics.hasErrors {
            console.report(diagnostics)
            report.status = .failed
            report.diagnostics = diagnostics
            try console.emit(report)
            throw ExitCode(1)
        }
        let target: DeployTarget
        do {
            target = try DeployTargetResolver.resolve(self.target, configured: configured)
        } catch {
            try fail("\(error)")
        }
        report.target = target.name
        report.url = target.url
        // Held to the end: no build replaces the output while its files go up (a build started meanwhile waits, then refuses).
        let lock: BuildLock?
        do {
            lock = try BuildLock.acquire(siteFolder: siteFolder, command: "deploy")
        } catch {
            try fail(
                "deploy target \(target.name): a masthead \(error.command) of this site is running"
                    + "\(error.holder.map { " (process \($0))" } ?? ""); waited \(Int(error.waited.rounded())) s: deploy once it is done")
        }
        defer { lock?.release() }
        defer { DeployScratch.remove() }
        let local: LocalOutput
        let destination: any DeployDestination
        do {
            local = try LocalOutput.load(siteFolder: siteFolder, output: outputDirectory)
            destination = try DeployTargetResolver.destination(for: target, environment: ProcessInfo.processInfo.environment)
        } catch {
            try fail("deploy target \(target.name): \(error)")
        }
        let site = DeployConfigReader.siteIdentity(siteFolder: siteFolder)
        let plan: DeployPlan
        let state: RemoteState
        do {
            state = try await destination.remoteState(for: local, site: site, verify: verify)
            plan = try DeployPlan.make(local: local, remote: state, rules: target.rules, now: Date(), pruneNow: pruneNow)
        } catch {
            await destination.close()
            try fail("deploy target \(target.name): \(error)")
        }
        report.plan = plan
        console.summary(planLines(plan, target: target, folder: local.folder.path, everyFile: dryRun || terminalOptions.verbose))
        if dryRun {
            await destination.close()
            report.status = .planned
            report.seconds = Date().timeIntervalSince(started)
            try console.emit(report)
            return
        }
        // Every check on the whole plan, before the first write.
        let options = DeployGuard.Options(adopt: adopt, allowDeletes: allowDeletes, verify: verify)
        if let refusal = DeployGuard.refusal(plan: plan, state: state, site: site, options: options) {
            await destination.close()
            try fail("deploy target \(target.name): \(refusal)")
        }
        let quiet = terminalOptions.quiet || formatOption.format == .json
        do {
            try await destination.apply(plan, local: local, site: site) { line in
                if !quiet { FileHandle.standardOutput.write(Data("  \(line)\n".utf8)) }
            }
        } catch {
            await destination.close()
            try fail("deploy target \(target.name): \(error); nothing was deleted, and the next deploy completes the upload")
        }
        await destination.close()
        report.seconds = Date().timeIntervalSince(started)
        report.status = .deployed
        console.summary([
            "Deployed to \(target.name) in \(String(format: "%.2f s", report.seconds)): \(plan.uploadCount) uploaded, "
                + "\(plan.deletionCount) deleted, \(plan.unchanged) unchanged"
                + (plan.postponedCount == 0 ? "" : ", \(plan.postponedCount) old assets kept until cached pages expire")
        ])
        try console.emit(report)
    }

    /// The plan in words: counts, then each file (all of them with --dry-run, the first few otherwise).
    func planLines(_ plan: DeployPlan, target: DeployTarget, folder: String, everyFile: Bool) -> [String] {
        var reasons: [DeployPlan.Reason: Int] = [:]
        for upload in plan.allUploads { reasons[upload.reason, default: 0] += 1 }
        let why = [DeployPlan.Reason.new, .changed, .headers, .repair].compactMap { reason in reasons[reason].map { "\($0) \(reason.rawValue)" } }
        var lines = [
            "Deploying \(folder) to \(target.name)" + (target.name == target.url ? "" : " (\(target.url))"),
            "Plan: \(plan.uploadCount) to upload" + (why.isEmpty ? "" : " (\(why.joined(separator: ", ")))")
                + ", \(plan.unchanged) unchanged, \(plan.deletionCount) to delete"
                + (plan.keptCount == 0 ? "" : ", \(plan.keptCount) kept by keep:")
                + (plan.postponedCount == 0 ? "" : ", \(plan.postponedCount) to delete once cached pages expire (\(plan.graceSeconds) s)")
                + (plan.foreignCount == 0 ? "" : ", \(plan.foreignCount) not this site's (left alone)")
        ]
        let limit = everyFile ? Int.max : 10
        for stage in DeployPlan.Stage.allCases {
            let count = plan.uploadCount(in: stage)
            guard count > 0 else { continue }
            lines.append("  \(stage.name):")
            for upload in plan.stageUploads(stage).prefix(limit) { lines.append("    upload \(upload.path) (\(upload.reason.rawValue))") }
            if count > limit { lines.append("    … and \(count - limit) more (--dry-run lists them all)") }
        }
        if plan.deletionCount > 0 {
            lines.append("  deletions, last" + (plan.deletionsNeedConfirmation ? " (more than max_deletes, \(plan.maxDeletes)):" : ":"))
            for path in plan.deletionPaths.prefix(limit) { lines.append("    delete \(path)") }
            if plan.deletionCount > limit { lines.append("    … and \(plan.deletionCount - limit) more (--dry-run lists them all)") }
        }
        return lines
    }
}

/// The JSON object `masthead deploy --format json` prints: the plan, and how the deploy ended.
struct DeployReport: Encodable {
    enum Status: String, Encodable {
        case planned, deployed, failed
    }

    struct Upload: Encodable {
        var path: String
        var reason: String
        var stage: String
        var size: Int
        var contentType: String
        var cacheControl: String
    }

    var command = "deploy"
    var status: Status = .failed
    var dryRun: Bool
    var target: String?
    var url: String?
    var plan: DeployPlan?
    var seconds: Double = 0
    var diagnostics: [Diagnostic] = []

    init(dryRun: Bool) {
        self.dryRun = dryRun
    }

    enum Keys: String, CodingKey {
        case command, status, dryRun, target, url, uploads, unchanged, deletions, kept, maxDeletes, deletionsNeedConfirmation, seconds
        case postponed, foreign, graceSeconds
        case errors, diagnostics
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(command, forKey: .command)
        try container.encode(status, forKey: .status)
        try container.encode(dryRun, forKey: .dryRun)
        try container.encodeIfPresent(target, forKey: .target)
        try container.encodeIfPresent(url, forKey: .url)
        if let plan {
            let uploads = plan.allUploads.map {
                Upload(
                    path: $0.path, reason: $0.reason.rawValue, stage: "\($0.stage)", size: $0.size, contentType: $0.headers.contentType,
                    cacheControl: $0.headers.cacheControl)
            }
            try container.encode(uploads, forKey: .uploads)
            try container.encode(plan.unchanged, forKey: .unchanged)
            try container.encode(Array(plan.deletionPaths), forKey: .deletions)
            try container.encode(Array(plan.keptPaths), forKey: .kept)
            try container.encode(plan.maxDeletes, forKey: .maxDeletes)
            try container.encode(plan.deletionsNeedConfirmation, forKey: .deletionsNeedConfirmation)
            try container.encode(Array(plan.postponedPaths), forKey: .postponed)
            try container.encode(Array(plan.foreignPaths), forKey: .foreign)
            try container.encode(plan.graceSeconds, forKey: .graceSeconds)
        }
        try container.encode((seconds * 1000).rounded() / 1000, forKey: .seconds)
        try container.encode(diagnostics.errors.count, forKey: .errors)
        try container.encode(diagnostics, forKey: .diagnostics)
    }

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

extension Console {
    func emit(_ report: DeployReport) throws {
        endProgress()
        guard json else { return }
        FileHandle.standardOutput.write(Data((try report.json() + "\n").utf8))
    }
}
