import Foundation

extension BuildManifest {
    /// The output records of a manifest file, handed to `each` one at a time in the file's order,
    /// and the manifest's `validUntil`: what `masthead deploy` reads of a large site's manifest
    /// without holding it (a million records are over 100 MB), a megabyte at a time. `found` is
    /// false when the file is missing or not a manifest of this version.
    package static func readOutputs(at url: URL, _ each: (String, FileRecord) throws -> Void) throws -> (validUntil: Date?, found: Bool) {
        var validUntil: Date?
        var lines = 0
        let out = Array("out ".utf8)
        let valid = Array("validUntil ".utf8)
        func read(_ line: UnsafeBufferPointer<UInt8>) throws -> Bool {
            lines += 1
            if lines == 1 { return line.elementsEqual(formatLine.utf8) }
            if line.starts(with: out) {
                guard let (path, record) = record(UnsafeBufferPointer(rebasing: line[out.count...])) else { return false }
                try each(path, record)
            } else if line.starts(with: valid) {
                validUntil = Double(String(decoding: line[valid.count...], as: UTF8.self)).map { Date(timeIntervalSince1970: $0) }
            }
            return true
        }
        // 1 MB at a time: deploy reads the outputs while it works through the site.
        guard try forEachLine(ofFileAt: url.path, chunkSize: 1 << 20, read) == true else { return (nil, false) }
        return (validUntil, lines > 0)
    }
}
