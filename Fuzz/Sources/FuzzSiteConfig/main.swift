import Foundation
import FuzzDriver
import MastheadSite

/// Any bytes as `Content/site.yml`.
@_cdecl("FuzzSiteConfig_main")
public func fuzzSiteConfigMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    masthead_fuzz_main(argc, argv) { data, size in
        guard let data else { return 0 }
        return fuzzSiteConfig(data, size)
    }
}

func fuzzSiteConfig(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let text = String(data: Data(bytes: start, count: count), encoding: .utf8) else { return 0 }
    _ = SiteConfigLoader.parse(text)
    return 0
}
