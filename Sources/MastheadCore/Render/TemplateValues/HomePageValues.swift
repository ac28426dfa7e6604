/// The home page's values.
struct HomePageValues: TemplateValue, Sendable {
    enum Key: String, CaseIterable {
        case sections
    }

    let sections: [HomeSectionValues]

    func value(for key: Key) -> Any? {
        switch key {
        case .sections: sections
        }
    }
}
