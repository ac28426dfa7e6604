import Foundation

/// The repository root (the default site), from this file's place: `Tests/MastheadTesting/Repository.swift`.
/// Tests find `Tests/Fixtures/`, `Examples/`, the documents and the built binary from it.
package let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().standardizedFileURL
