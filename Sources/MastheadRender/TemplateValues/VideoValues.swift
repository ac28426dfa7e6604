import MastheadSite

/// `article.video`: a YouTube video shown in place of the cover.
struct VideoValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case id, watchURL, embedURL, thumbnail
        static let byName = table()
    }

    let video: Video
    let thumbnail: String

    init(_ video: Video, thumbnail: String) {
        self.video = video
        self.thumbnail = thumbnail
    }

    func value(for key: Key) -> Any? {
        switch key {
        case .id: video.id
        case .watchURL: video.watchURL
        case .embedURL: video.embedURL
        case .thumbnail: thumbnail
        }
    }
}
