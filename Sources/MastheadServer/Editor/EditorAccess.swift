import Foundation

/// Who may change files through the editor. Every request that writes carries the token made
/// when the server started (in the `X-Masthead-Token` header, or the form's `token` field):
/// another site's page can send a request to the preview but cannot read the token out of the
/// editor's pages. A request that says it comes from another origin is refused as well.
struct EditorAccess: Sendable {
    /// Editing on: on loopback always; beyond it only with `--edit`.
    let enabled: Bool
    /// Beyond loopback with `--edit`: the editor's pages too ask for the token (`?token=`, kept in a cookie).
    let pagesNeedToken: Bool
    let token: String

    static let header = "X-Masthead-Token"
    static let cookie = "masthead_editor"

    /// 32 random bytes in hex.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// Why a request that changes a file is refused; nil when it may go on. `host` is the
    /// request's `Host` (already checked to name this server), `origin` its `Origin` header.
    func refusal(token sent: String?, origin: String?, fetchSite: String?, host: String) -> String? {
        guard enabled else { return Self.offMessage }
        if let origin, origin != "null" {
            let authority = origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init)
            guard authority?.lowercased() == host.lowercased() else {
                return "refused: a request from another origin (\(EditorPath.shown(origin))) cannot change files"
            }
        } else if origin == "null" {
            return "refused: a request from an opaque origin cannot change files"
        }
        if let fetchSite, fetchSite != "same-origin" && fetchSite != "none" {
            return "refused: a \(fetchSite) request cannot change files"
        }
        guard let sent, Self.equalInConstantTime(sent, token) else {
            return "refused: the request has no editor token, or a wrong one (reload the editor page)"
        }
        return nil
    }

    /// Whether an editor page (not a write) may be shown: `cookie` is the value of the editor's cookie.
    func pageAllowed(cookie: String?, queryToken: String?) -> Bool {
        guard enabled else { return false }
        guard pagesNeedToken else { return true }
        return [cookie, queryToken].contains { $0.map { Self.equalInConstantTime($0, token) } ?? false }
    }

    static let offMessage =
        "The editor is off: this preview listens beyond loopback. Start it with --edit to edit, and open the editor address it prints.\n"

    static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
