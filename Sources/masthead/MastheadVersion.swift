/// What `masthead --version` prints: the version, raised with each release (docs/command-line.md), and
/// the commit it was built from (`BuildCommit`, written at build time by scripts/embed-commit.sh).
enum MastheadVersion {
    static let number = "0.9.0"
    static let text = "masthead \(number) (commit \(BuildCommit.commit))"
}
