import Foundation

/// The search page's script (`Client/search.js`, embedded in the binary when it is built),
/// written as `search/search.HASH.js`; templates link it as `{{site.search.script}}`.
package enum SearchScript {
    static let data = Data(PackageResources.search_js)
    package static let path = "\(SearchIndex.folder)/search.\(SearchIndex.hash(data)).js"

    /// The site path of the script (`/search/search.HASH.js`).
    package static var sitePath: String { "/" + path }
}
