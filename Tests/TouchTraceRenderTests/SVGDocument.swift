import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG picture parsed by Foundation's XML parser (libxml2 on Linux): parsing fails on
/// anything that is not well-formed XML, and the tree lets tests read what the picture shows.
struct SVGDocument {
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Element] = []
        var text = ""
        weak var parent: Element?

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        var classes: Set<String> { Set((attributes["class"] ?? "").split(separator: " ").map(String.init)) }

        /// This element and every descendant, in document order.
        var all: [Element] {
            var result: [Element] = []
            var stack = [self]
            while let e = stack.popLast() {
                result.append(e)
                stack.append(contentsOf: e.children.reversed())
            }
            return result
        }

        /// The text of this element and its descendants.
        var allText: String { all.map(\.text).joined() }
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    let rootElement: Element
    var root: String { rootElement.name }

    init(_ bytes: [UInt8]) throws {
        let delegate = Builder()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        guard parser.parse(), let root = delegate.root else {
            throw ParseError(description: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "no root") at line \(parser.lineNumber), column \(parser.columnNumber)")
        }
        rootElement = root
    }

    /// Elements with all of these classes.
    func elements(classed names: String...) -> [Element] {
        rootElement.all.filter { e in names.allSatisfy { e.classes.contains($0) } }
    }

    /// Elements with this attribute value.
    func elements(where attribute: String, is value: String) -> [Element] {
        rootElement.all.filter { $0.attributes[attribute] == value }
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: Element?
        var stack: [Element] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            let element = Element(name: name, attributes: attributes)
            element.parent = stack.last
            stack.last?.children.append(element)
            if root == nil { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }

        func parser(_ parser: XMLParser, foundCDATA data: Data) {
            stack.last?.text += String(decoding: data, as: UTF8.self)
        }
    }
}
