/// A bound on how deeply a YAML text can nest, computed before the YAML library (whose composer
/// recurses once per level) sees it, so that no file can exhaust the stack.
///
/// Every level of nesting costs something visible on the line where it opens: a block
/// collection needs more indentation than its parent or an indicator (`- `, `? `, `: `) on the
/// line, and a flow collection an open bracket. So indentation + indicators + open brackets
/// bounds the depth of every line; quoted scalars and comments are skipped so that brackets in
/// them do not count. Anchors are counted too: an alias chain (`b: &b [*a]`) nests without
/// indentation.
enum YAMLNestingGuard {
    struct Verdict {
        var depth: Int
        var anchors: Int
        /// The line where the bound was exceeded.
        var line: Int
    }

    static func measure(_ scalars: [Unicode.Scalar]) -> Verdict {
        var verdict = Verdict(depth: 0, anchors: 0, line: 1)
        var flow = 0
        var line = 1
        var i = 0
        var atLineStart = true
        var indent = 0
        var indicators = 0
        var lineMaxFlow = 0
        var previous: Unicode.Scalar = " "
        func endLine() {
            let depth = indent + indicators + lineMaxFlow
            if depth > verdict.depth {
                verdict.depth = depth
                verdict.line = line
            }
        }
        while i < scalars.count {
            let c = scalars[i]
            if c == "\n" {
                endLine()
                line += 1
                atLineStart = true
                indent = 0
                indicators = 0
                lineMaxFlow = flow
                previous = " "
                i += 1
                continue
            }
            if atLineStart {
                if c == " " {
                    indent += 1
                    i += 1
                    continue
                }
                atLineStart = false
            }
            let startsToken = previous == " " || previous == "\t" || "[{,:-?".unicodeScalars.contains(previous)
            if c == "#", previous == " " || previous == "\t" {
                while i < scalars.count, scalars[i] != "\n" { i += 1 }
                continue
            }
            if c == "\"" || c == "'", startsToken {
                // A quoted scalar: skip to its closing quote (it may span lines).
                let quote = c
                i += 1
                while i < scalars.count {
                    let d = scalars[i]
                    if d == "\n" {
                        endLine()
                        line += 1
                        indent = 0
                        indicators = 0
                        lineMaxFlow = flow
                    }
                    if quote == "\"", d == "\\" {
                        i += 2
                        continue
                    }
                    if d == quote {
                        if quote == "'", i + 1 < scalars.count, scalars[i + 1] == "'" {
                            i += 2
                            continue
                        }
                        break
                    }
                    i += 1
                }
                previous = "x"
                i += 1
                continue
            }
            if c == "&", startsToken { verdict.anchors += 1 }
            switch c {
            case "[", "{":
                flow += 1
                lineMaxFlow = max(lineMaxFlow, flow)
            case "]", "}":
                if flow > 0 { flow -= 1 }
            case "-", "?", ":":
                let next = i + 1 < scalars.count ? scalars[i + 1] : " "
                if next == " " || next == "\n" || next == "\t" { indicators += 1 }
            default:
                break
            }
            previous = c
            i += 1
        }
        endLine()
        return verdict
    }
}
