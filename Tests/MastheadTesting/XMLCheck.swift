import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Parses XML and collects element texts and attributes, failing on malformed input.
package final class XMLCheck: NSObject, XMLParserDelegate {
    package private(set) var elements: [(name: String, attributes: [String: String], text: String)] = []
    private var stack: [(name: String, attributes: [String: String], text: String)] = []
    package private(set) var error: String?

    package static func parse(_ text: String) -> XMLCheck {
        let check = XMLCheck()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = check
        if !parser.parse() {
            check.error = parser.parserError.map { "\($0)" } ?? "malformed XML"
        }
        return check
    }

    package func texts(of name: String) -> [String] { elements.filter { $0.name == name }.map(\.text) }

    package func attributes(of name: String, _ attribute: String) -> [String] {
        elements.filter { $0.name == name }.compactMap { $0.attributes[attribute] }
    }

    package func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        stack.append((elementName, attributes, ""))
    }

    package func parser(_ parser: XMLParser, foundCharacters string: String) {
        if !stack.isEmpty { stack[stack.count - 1].text += string }
    }

    package func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if let element = stack.popLast() { elements.append(element) }
    }
}
