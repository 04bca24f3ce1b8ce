/// A pass over the raw bytes before any XML parser sees them, so that hostile input is refused
/// with a clear error instead of reaching libxml2: bytes that are not UTF-8, a declared
/// encoding other than UTF-8, any `<!DOCTYPE …>` (Interface Builder never writes one; refusing it
/// rules out entity expansion and external entities at the door), nesting deeper than the
/// limit, elements with too many attributes or too long a start tag (libxml2 2.9 checks
/// attributes for duplicates pairwise, so a tag with hundreds of thousands of them would stall
/// it), and too many elements.
///
/// It also records the line and column of every start tag's `<`, in document order, so that
/// warnings can point at the start of an element (the SAX parser only knows where a tag ends).
/// Lines count `\n`; columns count Unicode scalars from 1.
struct XMLGuard {
    /// Where each start tag begins, in document order.
    private(set) var startTags: [XMLPosition] = []

    let limits: ImportLimits

    init(limits: ImportLimits) {
        self.limits = limits
    }

    /// Scans `bytes`; throws the first problem found.
    mutating func scan(_ bytes: [UInt8]) throws(ImportError) {
        try limits.checkSize(bytes)
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw ImportError(.invalidEncoding, "the document is UTF-16 (byte order mark); Interface Builder writes UTF-8", line: 1, column: 1)
        }
        var scanner = Scanner(bytes: bytes, guardLimits: limits)
        try scanner.run(into: &startTags)
    }

    private struct Scanner {
        let bytes: [UInt8]
        let guardLimits: ImportLimits
        var i = 0
        var line = 1
        var column = 1
        var depth = 0

        init(bytes: [UInt8], guardLimits: ImportLimits) {
            self.bytes = bytes
            self.guardLimits = guardLimits
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        }

        var position: XMLPosition { XMLPosition(line: line, column: column) }

        func fail(_ kind: ImportError.Kind, _ message: String, at p: XMLPosition) -> ImportError {
            ImportError(kind, message, line: p.line, column: p.column)
        }

        /// Advances over one Unicode scalar, checking that it is well-formed UTF-8.
        mutating func advance() throws(ImportError) {
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                if b == 0x0A {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                return
            }
            let length: Int
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF: length = 2; scalar = UInt32(b & 0x1F)
            case 0xE0...0xEF: length = 3; scalar = UInt32(b & 0x0F)
            case 0xF0...0xF4: length = 4; scalar = UInt32(b & 0x07)
            default: throw invalidUTF8()
            }
            guard i + length <= bytes.count else { throw invalidUTF8() }
            for k in 1..<length {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else { throw invalidUTF8() }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
            let minimum: UInt32 = length == 3 ? 0x800 : length == 4 ? 0x10000 : 0x80
            guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { throw invalidUTF8() }
            i += length
            column += 1
        }

        func invalidUTF8() -> ImportError {
            let shown = bytes[i..<min(bytes.count, i + 4)].map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            return fail(.invalidEncoding, "invalid UTF-8 at byte \(i) (\(shown))", at: position)
        }

        func startsHere(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard i + count <= bytes.count else { return false }
            return text.withUTF8Buffer { buffer in
                for k in 0..<count where bytes[i + k] != buffer[k] { return false }
                return true
            }
        }

        /// Advances until just past `end` (or to the end of the input).
        mutating func skip(past end: StaticString) throws(ImportError) {
            while i < bytes.count {
                if startsHere(end) {
                    for _ in 0..<end.utf8CodeUnitCount { try advance() }
                    return
                }
                try advance()
            }
        }

        mutating func run(into startTags: inout [XMLPosition]) throws(ImportError) {
            var sawElement = false
            while i < bytes.count {
                guard bytes[i] == UInt8(ascii: "<") else {
                    try advance()
                    continue
                }
                let at = position
                if startsHere("<?") {
                    let from = i
                    try skip(past: "?>")
                    if !sawElement { try checkDeclaration(bytes[from..<i], at: at) }
                } else if startsHere("<!--") {
                    try skip(past: "-->")
                } else if startsHere("<![CDATA[") {
                    try skip(past: "]]>")
                } else if startsHere("<!") {
                    let what = startsHere("<!DOCTYPE") ? "a document type declaration (<!DOCTYPE …>)" : "a markup declaration (<!…>)"
                    throw fail(
                        .forbiddenDeclaration,
                        "\(what) is not accepted: Interface Builder never writes one, and entity declarations could expand without bound or read files",
                        at: at)
                } else if startsHere("</") {
                    depth -= 1
                    try skip(past: ">")
                } else {
                    sawElement = true
                    startTags.append(at)
                    if startTags.count > guardLimits.maxElements {
                        throw fail(.limitExceeded, "the document has more than \(guardLimits.maxElements) elements (the limit)", at: at)
                    }
                    try startTag(at: at)
                }
            }
        }

        /// One start tag: counts its attributes (`=` outside quoted values) and its length, and
        /// follows the nesting depth.
        mutating func startTag(at: XMLPosition) throws(ImportError) {
            let start = i
            var quote: UInt8?
            var attributes = 0
            var previous: UInt8 = 0
            try advance()
            while i < bytes.count {
                let b = bytes[i]
                if let q = quote {
                    if b == q { quote = nil }
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    quote = b
                } else if b == UInt8(ascii: "=") {
                    attributes += 1
                    if attributes > guardLimits.maxAttributesPerElement {
                        throw fail(
                            .limitExceeded,
                            "an element has more than \(guardLimits.maxAttributesPerElement) attributes (the limit)", at: at)
                    }
                } else if b == UInt8(ascii: ">") {
                    try advance()
                    if previous != UInt8(ascii: "/") {
                        depth += 1
                        if depth > guardLimits.maxDepth {
                            throw fail(.limitExceeded, "elements are nested deeper than \(guardLimits.maxDepth) levels (the limit)", at: at)
                        }
                    }
                    return
                }
                if i - start > guardLimits.maxTagBytes {
                    throw fail(.limitExceeded, "a start tag is longer than \(guardLimits.maxTagBytes) bytes (the limit)", at: at)
                }
                previous = b
                try advance()
            }
        }

        /// The XML declaration may name an encoding; only UTF-8 (and its subset ASCII) is read.
        func checkDeclaration(_ text: ArraySlice<UInt8>, at: XMLPosition) throws(ImportError) {
            let s = String(decoding: text, as: UTF8.self)
            guard s.hasPrefix("<?xml"), let range = s.range(of: "encoding") else { return }
            let rest = s[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { return }
            let name = rest.dropFirst().prefix { $0 != quote }.lowercased()
            if !["utf-8", "utf8", "us-ascii", "ascii"].contains(name) {
                throw fail(.invalidEncoding, "the document declares encoding \"\(name)\"; only UTF-8 is read", at: at)
            }
        }
    }
}

/// A place in an XML document: line and column, both from 1.
public struct XMLPosition: Sendable, Hashable {
    public var line: Int
    public var column: Int
}
