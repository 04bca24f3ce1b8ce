import TouchTraceEngine

/// Why a document could not be imported at all. Everything short of these becomes a warning:
/// an importer gives up on a document only when it cannot read it (malformed XML, not UTF-8, a
/// refused declaration, over a limit: HTTP 400 or 413) or when nothing usable is left in it
/// (HTTP 422).
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        /// Not well-formed XML (400, with line and column).
        case malformedXML
        /// Not UTF-8, or a declared encoding other than UTF-8 (400).
        case invalidEncoding
        /// A `<!DOCTYPE>` or other markup declaration: refused, so no entity can expand or read a
        /// file (400).
        case forbiddenDeclaration
        /// More bytes than `ImportLimits.maxBytes` (413).
        case documentTooLarge
        /// Over one of the other `ImportLimits`: nesting, attributes, tag length, elements (422).
        case limitExceeded
        /// Well-formed, but not a document of the format (422): not Interface Builder's XML, or
        /// a macOS (Cocoa) document.
        case unsupportedDocument
        /// The requested scene, controller or top-level object is not in the document (422; the
        /// message lists what is).
        case unknownScene
        /// The format has no importer yet (415).
        case unsupportedFormat
    }

    public var kind: Kind
    public var message: String
    public var line: Int?
    public var column: Int?

    public init(_ kind: Kind, _ message: String, line: Int? = nil, column: Int? = nil) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
    }

    /// The HTTP status the API answers with.
    public var status: Int {
        switch kind {
        case .malformedXML, .invalidEncoding, .forbiddenDeclaration: return 400
        case .documentTooLarge: return 413
        case .limitExceeded: return 422
        case .unsupportedFormat: return 415
        case .unsupportedDocument, .unknownScene: return 422
        }
    }

    public var description: String {
        if let line, let column { return "\(message) (line \(line), column \(column))" }
        return message
    }

    /// The RFC 9457 problem document for this error (`type` …/problems/import-<kind>).
    public var problemDocument: ProblemDocument {
        let titles: [Kind: String] = [
            .malformedXML: "Malformed XML", .invalidEncoding: "Invalid encoding",
            .forbiddenDeclaration: "Forbidden XML declaration", .documentTooLarge: "Document too large",
            .limitExceeded: "Import limit exceeded",
            .unsupportedDocument: "Unsupported document", .unknownScene: "Unknown scene",
            .unsupportedFormat: "Unsupported format",
        ]
        return ProblemDocument(
            type: "https://touchtrace.dev/problems/import-" + kind.rawValue, title: titles[kind] ?? kind.rawValue,
            status: status, detail: description.prefix(1).uppercased() + description.dropFirst() + ".")
    }

    /// The problem document as JSON, with `line` and `column` as extension members when known.
    public var json: JSONValue {
        guard case var .object(members) = problemDocument.json else { return problemDocument.json }
        if let line { members.append(("line", .number(Double(line)))) }
        if let column { members.append(("column", .number(Double(column)))) }
        return .object(members)
    }
}
