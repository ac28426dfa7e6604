#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `realpath(3)`: the path with every link, `.` and `..` resolved; nil (and `errno` set)
/// when something on the way is missing or loops.
public func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}
