/// A deploy that cannot go on: the message names the target and says what to do.
public struct DeployError: Error, CustomStringConvertible, Sendable, Equatable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
