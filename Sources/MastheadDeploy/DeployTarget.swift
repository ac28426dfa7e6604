import Foundation

/// Where `masthead deploy` publishes: a target named in site.yml (`deploy:`) or written as a URL.
package struct DeployTarget: Sendable, Equatable {
    package enum Location: Sendable, Equatable {
        case s3(S3Location)
        case rsync(RsyncLocation)
    }

    /// `s3://BUCKET[/PREFIX]?region=R&endpoint=URL&path_style=true&ca_file=PATH`.
    package struct S3Location: Sendable, Equatable {
        package var bucket: String
        /// Without slashes at either end; empty for the whole bucket.
        package var prefix: String
        package var region: String
        /// nil: AWS (`https://s3.REGION.amazonaws.com`).
        package var endpoint: URL?
        /// `https://HOST/BUCKET/KEY` rather than `https://BUCKET.HOST/KEY` (MinIO, Garage and most servers on loopback).
        package var pathStyle: Bool
        /// Certificate authorities (PEM) to trust for an https:// endpoint instead of the system's: a private
        /// authority's. nil: the system's store.
        package var caFile: String? = nil
    }

    /// `ssh://[USER@]HOST[:PORT]/PATH` or `file:///PATH`: rsync's destination.
    package struct RsyncLocation: Sendable, Equatable {
        package var user: String?
        /// nil for a folder on this machine.
        package var host: String?
        package var port: Int?
        package var path: String

        /// rsync's form of the folder, with a slash at its end: `user@host:/srv/www/` or `/srv/www/`.
        package var rsyncDestination: String {
            let folder = path.hasSuffix("/") ? path : path + "/"
            guard let host else { return folder }
            return (user.map { "\($0)@" } ?? "") + host + ":" + folder
        }
    }

    /// The name in site.yml, or the URL as written.
    package var name: String
    package var url: String
    package var location: Location
    package var rules: DeployRules

    package init(name: String, url: String, location: Location, rules: DeployRules = DeployRules()) {
        self.name = name
        self.url = url
        self.location = location
        self.rules = rules
    }

    /// Whether `text` is written as a target URL rather than a name.
    package static func looksLikeURL(_ text: String) -> Bool {
        text.contains("://")
    }

    /// Reads a target URL; the error says what is wrong with it.
    package static func parse(url text: String, name: String? = nil, rules: DeployRules = DeployRules()) throws -> DeployTarget {
        let name = name ?? text
        do {
            return DeployTarget(name: name, url: text, location: try location(of: text), rules: rules)
        } catch {
            throw DeployError("deploy target \(name): \(error)")
        }
    }

    /// The location a URL names; the error says what is wrong with it.
    package static func location(of text: String) throws -> Location {
        func problem(_ message: String) -> DeployError {
            DeployError(message)
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw problem("\"\(text)\" is not a URL (s3://BUCKET/PREFIX?region=R, ssh://USER@HOST/PATH or file:///PATH)")
        }
        switch scheme {
        case "s3":
            guard let bucket = components.host, !bucket.isEmpty else { throw problem("the URL names no bucket: s3://BUCKET[/PREFIX]") }
            let prefix = components.path.split(separator: "/").joined(separator: "/")
            var region = "us-east-1"
            var endpoint: URL?
            var pathStyle = false
            var caFile: String?
            for item in components.queryItems ?? [] {
                let value = item.value ?? ""
                switch item.name {
                case "region":
                    guard !value.isEmpty else { throw problem("region= is empty") }
                    region = value
                case "endpoint":
                    guard let url = URL(string: value), let endpointScheme = url.scheme?.lowercased(),
                        endpointScheme == "http" || endpointScheme == "https", let host = url.host, !host.isEmpty
                    else {
                        throw problem("endpoint \"\(value)\" is not an http:// or https:// URL with a host, like https://s3.example.com")
                    }
                    endpoint = url
                case "path_style":
                    guard let flag = ["true": true, "false": false][value.lowercased()] else {
                        throw problem("path_style is true or false, got \"\(value)\"")
                    }
                    pathStyle = flag
                case "ca_file":
                    guard FileManager.default.isReadableFile(atPath: value) else {
                        throw problem("ca_file \"\(value)\" is not a file that can be read (a PEM file of certificate authorities)")
                    }
                    caFile = value
                default:
                    throw problem("unknown option \"\(item.name)\" (known: region, endpoint, path_style, ca_file)")
                }
            }
            return .s3(S3Location(bucket: bucket, prefix: prefix, region: region, endpoint: endpoint, pathStyle: pathStyle, caFile: caFile))
        case "ssh":
            guard let host = components.host, !host.isEmpty else { throw problem("the URL names no host: ssh://[USER@]HOST[:PORT]/PATH") }
            guard !components.path.isEmpty, components.path != "/" else {
                throw problem("the URL names no folder: ssh://[USER@]HOST[:PORT]/PATH (the whole file system is never a target)")
            }
            return .rsync(RsyncLocation(user: components.user, host: host, port: components.port, path: components.path))
        case "file":
            guard components.host == nil || components.host == "" || components.host == "localhost" else {
                throw problem("a file:// URL names a folder on this machine: file:///PATH")
            }
            guard !components.path.isEmpty, components.path != "/" else { throw problem("the URL names no folder: file:///PATH") }
            return .rsync(RsyncLocation(user: nil, host: nil, port: nil, path: components.path))
        default:
            throw problem("unknown kind of target \"\(scheme)://\" (s3://, ssh:// or file://)")
        }
    }
}
