/// The home page's values.
struct HomePageValues: TemplateValue, Sendable {
    enum Key: String, TemplateKey {
        case sections
        static let byName = table()
    }

    let sections: [HomeSectionValues]

    func value(for key: Key) -> Any? {
        switch key {
        case .sections: sections
        }
    }
}
