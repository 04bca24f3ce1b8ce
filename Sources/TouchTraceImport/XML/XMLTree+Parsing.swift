import Foundation
import FoundationXML

extension XMLTree {
    /// Parses UTF-8 bytes into a tree, after `XMLGuard` has checked them (encoding, no DTD,
    /// depth, attribute counts, element count). The parser is FoundationXML's `XMLParser`
    /// (libxml2 on Linux) with external entities off; its first error ends the parse and is
    /// reported with the line and column libxml2 gives (FoundationXML parses in recovery mode,
    /// so `parse()` alone can return true for a malformed document).
    static func parse(_ bytes: [UInt8], limits: ImportLimits) throws(ImportError) -> XMLTree {
        var guardPass = XMLGuard(limits: limits)
        try guardPass.scan(bytes)
        return try parseWithoutGuard(bytes, startTags: guardPass.startTags)
    }

    /// The parser alone, without the guard (tests use it to check what libxml2 itself does with
    /// entity declarations). `startTags` gives the start-tag positions when known.
    static func parseWithoutGuard(_ bytes: [UInt8], startTags: [XMLPosition] = []) throws(ImportError) -> XMLTree {
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        let builder = TreeBuilder(startTags: startTags)
        parser.delegate = builder
        _ = parser.parse()
        if let error = builder.error {
            throw error
        }
        if builder.tree.elements.isEmpty {
            throw ImportError(.malformedXML, "the document has no root element", line: 1, column: 1)
        }
        if builder.depth != 0 {
            throw ImportError(.malformedXML, "the document ends before its elements are closed", line: parser.lineNumber, column: parser.columnNumber)
        }
        return builder.tree
    }
}

/// The SAX delegate that fills the arena.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var tree = XMLTree()
    var error: ImportError?
    var depth = 0
    private var open: [Int] = []
    private var pendingComment: String?
    private let startTags: [XMLPosition]
    private var text: [UInt8] = []

    init(startTags: [XMLPosition]) {
        self.startTags = startTags
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard error == nil else { return }
        let index = tree.elements.count
        let position = index < startTags.count
            ? startTags[index] : XMLPosition(line: parser.lineNumber, column: parser.columnNumber)
        var element = XMLTree.Element(name: elementName, attributes: attributes, parent: open.last, position: position)
        element.comment = pendingComment
        pendingComment = nil
        if let parent = open.last {
            tree.elements[parent].children.append(index)
        } else if !tree.elements.isEmpty {
            fail(parser, "more than one root element")
            return
        }
        tree.elements.append(element)
        open.append(index)
        depth += 1
        text.removeAll(keepingCapacity: true)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard error == nil, let index = open.popLast() else { return }
        depth -= 1
        pendingComment = nil
        if XMLTree.textElements.contains(tree.elements[index].name) {
            tree.elements[index].text = String(decoding: text, as: UTF8.self)
        }
        text.removeAll(keepingCapacity: true)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard error == nil, let current = open.last, XMLTree.textElements.contains(tree.elements[current].name) else { return }
        text.append(contentsOf: string.utf8)
    }

    func parser(_ parser: XMLParser, foundComment comment: String) {
        pendingComment = comment
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        fail(parser, Self.describe(parseError))
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: Error) {
        fail(parser, Self.describe(validationError))
    }

    private func fail(_ parser: XMLParser, _ message: String) {
        guard error == nil else { return }
        error = ImportError(.malformedXML, message, line: parser.lineNumber, column: parser.columnNumber)
        parser.abortParsing()
    }

    /// A sentence for libxml2's error codes (FoundationXML passes them on as `XMLParser.ErrorCode`).
    static func describe(_ error: Error) -> String {
        let code = (error as NSError).code
        let known: [Int: String] = [
            4: "the document is empty",
            5: "the document ends too early",
            9: "an invalid character",
            26: "a reference to an undeclared entity",
            38: "a \"<\" in an attribute value",
            39: "an attribute value not in quotes",
            40: "an attribute value that is not closed",
            41: "an attribute without a value",
            42: "a duplicated attribute",
            45: "a comment that is not closed",
            63: "a CDATA section that is not closed",
            68: "a missing name",
            73: "a missing \">\"",
            76: "an end tag that does not match its start tag",
            77: "an element that is not closed",
            85: "unbalanced elements",
            86: "content after the root element",
            89: "entities that expand without bound (an entity loop or amplification)",
        ]
        return "malformed XML: " + (known[code] ?? "libxml2 error \(code)") + " (XMLParser error \(code))"
    }
}
