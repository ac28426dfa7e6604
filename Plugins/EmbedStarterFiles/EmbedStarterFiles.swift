import Foundation
import PackagePlugin

/// Builds the files `masthead new site` copies into the `masthead` binary, so an installed binary
/// needs no Masthead folder beside it: every file under `Sources/masthead/StarterFiles/`, whose
/// links point to the default theme, `Starters/` and `Examples/`.
/// `scripts/embed-starter-files.sh` writes them into a Swift file (no tool to compile first); its
/// inputs are those files, so an edit regenerates it. The links matter: SwiftPM keeps its build
/// plan, and the inputs this plugin listed, until the structure of a target's folder changes, and
/// through the links a file added to or removed from the theme changes the `masthead` target's.
@main
struct EmbedStarterFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let script = context.package.directoryURL.appendingPathComponent("scripts/embed-starter-files.sh")
        // (Target.directoryURL needs tools version 6.1.)
        let starterFiles = context.package.directoryURL.appendingPathComponent("Sources/\(target.name)/StarterFiles")
        var inputs = [script]
        Self.collect(starterFiles, into: &inputs)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("StarterFiles.swift")
        let commitScript = context.package.directoryURL.appendingPathComponent("scripts/embed-commit.sh")
        let commitOutput = context.pluginWorkDirectoryURL.appendingPathComponent("BuildCommit.swift")
        return [
            .buildCommand(
                displayName: "Embedding the starter sites in masthead",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, starterFiles.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]),
            .buildCommand(
                displayName: "Embedding the commit in masthead --version",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [commitScript.path, context.package.directoryURL.path, commitOutput.path],
                inputFiles: [commitScript] + Self.gitFiles(context.package.directoryURL),
                outputFiles: [commitOutput])
        ]
    }

    /// The files of the repository's .git that say which commit is checked out (HEAD, the branch's
    /// ref, packed-refs), so a new commit writes the version again; none without a .git folder.
    static func gitFiles(_ root: URL) -> [URL] {
        var git = root.appendingPathComponent(".git")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: git.path, isDirectory: &isFolder) else { return [] }
        if !isFolder.boolValue {
            // A worktree: "gitdir: PATH".
            let text = (try? String(contentsOf: git, encoding: .utf8)) ?? ""
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("gitdir: ") }) else { return [] }
            let path = String(line.dropFirst("gitdir: ".count))
            git = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        }
        var common = git
        if let text = try? String(contentsOf: git.appendingPathComponent("commondir"), encoding: .utf8) {
            let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
            common = path.hasPrefix("/") ? URL(fileURLWithPath: path) : git.appendingPathComponent(path)
        }
        var files = [git.appendingPathComponent("HEAD"), common.appendingPathComponent("packed-refs")]
        if let head = try? String(contentsOf: files[0], encoding: .utf8), head.hasPrefix("ref: ") {
            let ref = head.dropFirst("ref: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
            files += [git.appendingPathComponent(ref), common.appendingPathComponent(ref)]
        }
        return files.filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Every file under `folder`, through links, but hidden ones.
    static func collect(_ folder: URL, into inputs: inout [URL]) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for name in names where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue { collect(url, into: &inputs) } else { inputs.append(url) }
        }
    }
}
