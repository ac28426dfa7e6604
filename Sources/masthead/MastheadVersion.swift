/// What `masthead --version` prints. Raised with each release (docs/command-line.md).
enum MastheadVersion {
    static let number = "0.9.0"
    static let text = "masthead \(number)"
}
