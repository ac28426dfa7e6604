/// A deploy that cannot go on: the message names the target and says what to do.
package struct DeployError: Error, CustomStringConvertible, Sendable, Equatable {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}
