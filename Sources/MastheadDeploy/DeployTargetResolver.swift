import Foundation
import MastheadBuild

/// Which target `masthead deploy [TARGET]` means: a URL as written, a name from site.yml, or
/// the first target of site.yml; and the destination that writes to it.
package enum DeployTargetResolver {
    package static func resolve(_ argument: String?, configured: [DeployTarget]) throws -> DeployTarget {
        if let argument, DeployTarget.looksLikeURL(argument) {
            // A URL given by name of a configured target keeps that target's rules.
            if let named = configured.first(where: { $0.url == argument }) { return named }
            return try DeployTarget.parse(url: argument)
        }
        guard let argument else {
            guard let first = configured.first else {
                throw DeployError(
                    "no deploy target: add one to site.yml (deploy: NAME: url: s3://BUCKET/PREFIX?region=R), "
                        + "or give a URL: masthead deploy s3://BUCKET/PREFIX")
            }
            return first
        }
        guard let target = configured.first(where: { $0.name == argument }) else {
            let names = configured.map(\.name)
            let known = names.isEmpty ? "site.yml names no targets (deploy:)" : "site.yml names " + names.joined(separator: ", ")
            throw DeployError("unknown deploy target \(argument): \(known); or give a URL like s3://BUCKET/PREFIX or ssh://HOST/PATH")
        }
        return target
    }

    /// The destination for a target; S3 credentials are read here, from the environment and ~/.aws.
    package static func destination(for target: DeployTarget, environment: [String: String]) throws -> any DeployDestination {
        switch target.location {
        case .s3(let location):
            return S3Destination(location: location, credentials: try S3Credentials.load(environment: environment))
        case .rsync(let location):
            return RsyncDestination(location: location, environment: environment)
        }
    }
}
