import TouchTraceEngine

/// Reading a Figma document's bytes: the engine's strict JSON parser (RFC 8259, iterative,
/// duplicate keys refused), once. A document that is not strict JSON only because of trailing
/// commas (`[1, 2,]`, `{"a": 1,}`: hand-edited files have them, Figma never writes them) is read
/// again with those commas blanked out, and says so; anything else malformed is an error with its
/// line and column (HTTP 400).
enum FigmaJSON {
    struct Parsed {
        var value: JSONValue
        /// Where the first trailing comma was (from the strict parser's error), and how many
        /// there were; nil for strict JSON.
        var trailingCommas: (line: Int, column: Int, count: Int)?
    }

    static func parse(_ bytes: [UInt8], limits: ImportLimits) throws(ImportError) -> Parsed {
        try limits.checkSize(bytes)
        if bytes.starts(with: Array("fig-kiwi".utf8)) {
            throw ImportError(
                .unsupportedDocument,
                "this is a .fig file, Figma's own binary format: import the JSON of Figma's REST API (GET /v1/files/:key) or of a plugin's exportAsync({format: \"JSON_REST_V1\"}) instead")
        }
        let parser = JSONParser(maxNesting: limits.maxDepth * 2 + 16)
        let strictError: JSONParseError
        do {
            return Parsed(value: try parser.parse(bytes), trailingCommas: nil)
        } catch {
            strictError = error
        }
        if strictError.kind == .tooDeep {
            throw ImportError(.limitExceeded, "the JSON nests deeper than \(parser.maxNesting) levels", line: strictError.line, column: strictError.column)
        }
        let (blanked, count) = blankTrailingCommas(bytes)
        if count > 0, let value = try? parser.parse(blanked) {
            return Parsed(value: value, trailingCommas: (strictError.line, strictError.column, count))
        }
        throw ImportError(.malformedJSON, "the document is not JSON: \(strictError.message)", line: strictError.line, column: strictError.column)
    }

    /// The bytes with every comma that is followed (after whitespace) by `]` or `}` outside a
    /// string replaced by a space, so offsets, lines and columns stay where they were.
    static func blankTrailingCommas(_ bytes: [UInt8]) -> ([UInt8], Int) {
        var out = bytes
        var count = 0
        var inString = false
        var escaped = false
        var i = 0
        while i < out.count {
            let b = out[i]
            if inString {
                if escaped {
                    escaped = false
                } else if b == UInt8(ascii: "\\") {
                    escaped = true
                } else if b == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if b == UInt8(ascii: "\"") {
                inString = true
            } else if b == UInt8(ascii: ",") {
                var j = i + 1
                while j < out.count, [0x20, 0x09, 0x0A, 0x0D].contains(out[j]) { j += 1 }
                if j < out.count, out[j] == UInt8(ascii: "]") || out[j] == UInt8(ascii: "}") {
                    out[i] = 0x20
                    count += 1
                }
            }
            i += 1
        }
        return (out, count)
    }
}
