import TouchTraceEngine

/// Why a document could not be imported at all. Everything short of these becomes a warning:
/// an importer gives up on a document only when it cannot read it (malformed XML or JSON, not
/// UTF-8, a refused declaration, over a limit: HTTP 400 or 413) or when nothing usable is left in
/// it (HTTP 422).
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        /// Not well-formed XML (400, with line and column).
        case malformedXML
        /// Not JSON (400, with line and column): a Figma document.
        case malformedJSON
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
        /// The requested scene, controller, top-level object or Figma frame is not in the document
        /// (422; the message lists what is).
        case unknownScene
        /// A class-mapping file (Figma) that cannot be read: an unknown class, a bad pattern (422,
        /// each problem with its JSON pointer).
        case invalidMapping
        /// The format has no importer yet (415).
        case unsupportedFormat
        /// A hierarchy dump's overlay that cannot be applied: a member of the wrong type, an unknown
        /// view, a target the scene does not have (422, each problem with its JSON pointer in
        /// the overlay, in `problems`).
        case invalidOverlay
    }

    public var kind: Kind
    public var message: String
    public var line: Int?
    public var column: Int?
    /// Located problems (an overlay's, with JSON pointers), listed as the problem document's `errors`.
    public var problems: [SceneProblem]

    public init(_ kind: Kind, _ message: String, line: Int? = nil, column: Int? = nil, problems: [SceneProblem] = []) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
        self.problems = problems
    }

    /// The problem type (one catalogue, `ProblemType`) and so the HTTP status.
    public var problemType: ProblemType {
        switch kind {
        case .malformedXML: return .malformedXML
        case .malformedJSON: return .malformedJSON
        case .invalidEncoding: return .invalidEncoding
        case .forbiddenDeclaration: return .forbiddenDeclaration
        case .documentTooLarge: return .bodyTooLarge
        case .limitExceeded: return .importLimitExceeded
        case .unsupportedDocument: return .unsupportedDocument
        case .unknownScene: return .unknownDocumentPart
        case .invalidMapping: return .invalidRequest
        case .unsupportedFormat: return .unsupportedMediaType
        case .invalidOverlay: return .invalidRequest
        }
    }

    /// The HTTP status the API answers with.
    public var status: Int { problemType.status }

    public var description: String {
        if let line, let column { return "\(message) (line \(line), column \(column))" }
        return message
    }

    /// The RFC 9457 problem document for this error.
    public var problemDocument: ProblemDocument {
        var document = problemType.document(description.prefix(1).uppercased() + description.dropFirst() + ".", errors: problems)
        if let line { document.extensions["line"] = .number(Double(line)) }
        if let column { document.extensions["column"] = .number(Double(column)) }
        return document
    }

    /// The problem document as JSON, with `line` and `column` members when known.
    public var json: JSONValue { problemDocument.json }

}

extension ImportLimits {
    /// Refuses a document of more than `maxBytes` (HTTP 413), before anything reads it.
    func checkSize(_ bytes: [UInt8]) throws(ImportError) {
        guard bytes.count <= maxBytes else {
            throw ImportError(.documentTooLarge, "the document has \(bytes.count) bytes; the limit is \(maxBytes)")
        }
    }
}
