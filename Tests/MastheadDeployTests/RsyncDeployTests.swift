import Foundation
import Testing

@testable import MastheadDeploy

/// `masthead deploy` through rsync: to a folder on this machine (file://) and to localhost over SSH,
/// with Debian's sshd started by the test on a free port with a throwaway host key and client key.
@Suite(.serialized) struct RsyncDeployTests {
    func deploy(_ site: GeneratedSite, _ arguments: [String], environment: [String: String] = [:]) throws -> ProcessRun {
        try Processes.masthead(["deploy", "--site", site.folder.path] + arguments, environment: environment)
    }

    /// The folder holds exactly the output (and the deploy record), byte for byte.
    func expectFolderEqualsLocal(_ folder: URL, _ site: GeneratedSite, besides extra: Set<String> = []) throws {
        var remote: [String: String] = [:]
        let root = folder.resolvingSymlinksInPath().path
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                remote[relative] = sha256(of: root + "/" + relative)
            }
        }
        #expect(remote.removeValue(forKey: DeployRecord.fileName) != nil)
        for path in extra { remote[path] = nil }
        let local = try site.outputFiles()
        let differing = Set(remote.keys).union(local.keys).filter { remote[$0] != local[$0] }.sorted()
        #expect(differing.isEmpty, "differing: \(differing.prefix(10))")
    }

    func modificationTimes(_ folder: URL) -> [String: Date] {
        var times: [String: Date] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            times[relative] = (try? FileManager.default.attributesOfItem(atPath: folder.path + "/" + relative))?[.modificationDate] as? Date
        }
        return times
    }

    func runFlow(_ site: GeneratedSite, folder: URL, url: String, deleted: Int, environment: [String: String]) throws {
        let first = try DeployJSON.parse(try deploy(site, [url, "--format", "json"], environment: environment))
        #expect(first.status == "deployed", "\(first.diagnostics.map(\.message))")
        try expectFolderEqualsLocal(folder, site)
        let local = try site.outputFiles()

        // A clean rebuild: nothing is sent, so no file on the target is rewritten.
        try site.build(noCache: true)
        let before = modificationTimes(folder)
        let second = try DeployJSON.parse(try deploy(site, [url, "--format", "json"], environment: environment))
        #expect(second.uploads?.map(\.path) == [])
        let after = modificationTimes(folder)
        #expect(before.filter { $0.key != DeployRecord.fileName } == after.filter { $0.key != DeployRecord.fileName })

        // One article edited: only what changed is sent.
        let article = try site.articles()[2]
        try (try String(contentsOf: article, encoding: .utf8) + "\nOne more line.\n").write(to: article, atomically: true, encoding: .utf8)
        try site.build()
        let changed = Set(try site.outputFiles().filter { local[$0.key] != $0.value }.keys)
        let third = try DeployJSON.parse(try deploy(site, [url, "--format", "json", "--prune-now"], environment: environment))
        #expect(third.status == "deployed", "\(third.diagnostics.map(\.message))")
        #expect(Set(third.uploads?.map(\.path) ?? []) == changed)
        try expectFolderEqualsLocal(folder, site)

        // Many articles removed: refused beyond max_deletes (FlowScale.deletions: on the small site 20, which an
        // edit's few renamed search shards stay under and 10 articles exceed), done with --allow-deletes; a kept file stays.
        try "kept".write(to: folder.appendingPathComponent("keep-me.txt"), atomically: true, encoding: .utf8)
        for article in try site.articles().prefix(deleted) { try FileManager.default.removeItem(at: article) }
        try site.build()
        let refused = try deploy(site, [url], environment: environment)
        #expect(refused.status == 1)
        #expect(refused.errors.contains("more than max_deletes"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("keep-me.txt").path))
        let allowed = try deploy(site, [url, "--allow-deletes", "--prune-now"], environment: environment)
        #expect(allowed.status == 0, "\(allowed.errors)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("keep-me.txt").path))
        try expectFolderEqualsLocal(folder, site, besides: ["keep-me.txt"])
    }

    @Test func toAFolderOnThisMachine() throws {
        let articles = FlowScale.articles(default: 40)
        let deletions = FlowScale.deletions(articles: articles, small: 10)
        let site = try GeneratedSite(articles: articles)
        defer { site.remove() }
        let folder = site.folder.appendingPathComponent("published")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try site.appendSiteYML(
            """
            deploy:
              local:
                url: file://\(folder.path)
                \(deletions.setting)
                keep: ["keep-me.txt"]
            """)
        try site.build()
        try runFlow(site, folder: folder, url: "local", deleted: deletions.articles, environment: [:])

        let missing = try deploy(site, ["file://\(site.folder.path)/nowhere"])
        #expect(missing.status == 1)
        #expect(missing.errors.contains("the folder \(site.folder.path)/nowhere does not exist: create it, then deploy"))
    }

    @Test
    func toLocalhostOverSSH() throws {
        let articles = FlowScale.articles(default: 40)
        let deletions = FlowScale.deletions(articles: articles, small: 10)
        let site = try GeneratedSite(articles: articles)
        defer { site.remove() }
        let sshFolder = site.folder.appendingPathComponent("ssh")
        try FileManager.default.createDirectory(at: sshFolder, withIntermediateDirectories: true)
        let hostKey = sshFolder.appendingPathComponent("host_key").path
        let clientKey = sshFolder.appendingPathComponent("client_key").path
        for key in [hostKey, clientKey] {
            let made = try Processes.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key])
            #expect(made.status == 0, "\(made.errors)")
        }
        let authorized = sshFolder.appendingPathComponent("authorized_keys").path
        try FileManager.default.copyItem(atPath: clientKey + ".pub", toPath: authorized)
        let port = try Processes.freePort()
        let config = sshFolder.appendingPathComponent("sshd_config").path
        try """
        Port \(port)
        ListenAddress 127.0.0.1
        HostKey \(hostKey)
        AuthorizedKeysFile \(authorized)
        PasswordAuthentication no
        PubkeyAuthentication yes
        PermitRootLogin prohibit-password
        StrictModes no
        UsePAM no
        PidFile \(sshFolder.path)/sshd.pid
        """.write(toFile: config, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        // Without -D, sshd puts itself in the background, closing every descriptor, and the command ends.
        // Run with -D, it kept the test waiting: Foundation's Process waits for a child's exit on a
        // descriptor the child inherits, and the deploys' ends went unnoticed while sshd ran (seen with gdb).
        let started = try Processes.run("/usr/sbin/sshd", ["-f", config])
        let pidFile = sshFolder.appendingPathComponent("sshd.pid")
        defer { Processes.stopDaemon(pidFile: pidFile) }
        guard started.status == 0, Processes.waitForListener(port: port) else {
            Issue.record("sshd did not listen on port \(port): \(started.errors)")
            return
        }
        let shell = "ssh -i \(clientKey) -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes -o LogLevel=ERROR"
        let folder = site.folder.appendingPathComponent("published")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let user = ProcessInfo.processInfo.environment["USER"] ?? "root"
        let url = "ssh://\(user)@127.0.0.1:\(port)\(folder.path)"
        try site.appendSiteYML(
            """
            deploy:
              mirror:
                url: \(url)
                \(deletions.setting)
                keep: ["keep-me.txt"]
            """)
        try site.build()
        try runFlow(site, folder: folder, url: "mirror", deleted: deletions.articles, environment: ["RSYNC_RSH": shell])

        let closedPort = try Processes.freePort()
        let refused = try deploy(site, ["ssh://127.0.0.1:\(closedPort)\(folder.path)"], environment: ["RSYNC_RSH": shell])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("cannot connect to 127.0.0.1:\(closedPort) over SSH: connection refused"))

        // A host whose key is not known: ssh's own words, not rsync's "unexplained error (code 255)".
        let knownHosts = sshFolder.appendingPathComponent("known_hosts")
        FileManager.default.createFile(atPath: knownHosts.path, contents: nil)
        let strict = "ssh -i \(clientKey) -o StrictHostKeyChecking=yes -o UserKnownHostsFile=\(knownHosts.path) -o BatchMode=yes"
        let unknownKey = try deploy(site, ["mirror"], environment: ["RSYNC_RSH": strict])
        #expect(unknownKey.status == 1)
        #expect(unknownKey.errors.contains("SSH does not trust the host key of 127.0.0.1"), "\(unknownKey.errors)")
        #expect(unknownKey.errors.contains("Host key verification failed."), "\(unknownKey.errors)")
    }
}
