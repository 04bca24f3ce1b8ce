import Foundation
import Testing
import TouchTraceEngine
import TouchTraceImport

/// The shared sample of real dumps (`../shared/dumps/`, read from there, never copied here).
enum DumpCorpus {
    static let folder = Corpus.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/dumps")
    static var available: Bool { FileManager.default.fileExists(atPath: folder.path) }
    static var names: [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return all.filter { $0.hasSuffix(".txt") || $0.hasSuffix(".json") }.sorted()
    }
    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: folder.appendingPathComponent(name))) }
}

/// An independent reading of a dump's views and frames, by regular expressions over the text
/// (not the importer's parser): the oracle the held-back judging uses, "every view and frame
/// exact". For `recursiveDescription`, every line with a `frame = (x y; w h)` is a view, found in
/// the scene by its address (or `line N`) with exactly that frame (a transformed view's frame is
/// its bounding box, checked within 0.01). For XCUITest, every element line with `{{x, y}, {w,
/// h}}` is a view whose screen frame (its frame plus its ancestors') is exactly that. For
/// `_autolayoutTrace`, every `Class:0xADDR` line (`*<UILabel:0x…>`, `•UIView:0x…'text'`) is a
/// view with an empty frame (a trace prints none); a layout guide's line is not a view, though
/// it quotes its owning view's description. In a dump indented with `|`, each view's superview
/// is the nearest line above it with fewer `|` before its description (what `recursiveDescription`
/// and `_autolayoutTrace` print), and the scene nests it there.
enum DumpOracle {
    struct Expected {
        var source: String
        var frame: [Double]
        var transformed: Bool
        var absolute: Bool
        /// The number of `|` before it (nil: the dump is not indented with bars, or an element).
        var bars: Int? = nil
    }

    static func expected(_ text: String) -> [Expected] {
        var result: [Expected] = []
        let view = try! NSRegularExpression(pattern: #"<([^<>:; ]+)(?:: (0x[0-9a-fA-F]+))?;[^\n]*?\bframe = \(([-0-9.e]+) ([-0-9.e]+); ([-0-9.e]+) ([-0-9.e]+)\)"#)
        let element = try! NSRegularExpression(
            pattern: #"^\s*(?:→)?[A-Z][A-Za-z]*(?: \([^)]*\))?, (?:(0x[0-9a-fA-F]+), )?\{\{([-0-9.e]+), ([-0-9.e]+)\}, \{([-0-9.e]+), ([-0-9.e]+)\}\}"#)
        let trace = try! NSRegularExpression(
            pattern: #"^(?:[\s`"]|//+|/\*|\*(?=\s))*[|\s]*(?:\*|\+|•|\\u2022)?<?([A-Za-z_$][A-Za-z0-9_.$]*):(0x[0-9a-fA-F]+)>?(?:'.*')?\s*(?:- AMBIGUOUS LAYOUT.*)?[`"]?\s*$"#)
        let text = webDriverValue(text) ?? text
        var inTree = !text.contains("Element subtree:")
        let bars = text.contains("|")
        for (k, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("Element subtree:") { inTree = true }
            if line.hasPrefix("Path to element:") || line.hasPrefix("Query chain:") { inTree = false }
            if line.contains("<UILayoutGuide: ") { continue }
            let ns = line as NSString
            let range = NSRange(location: 0, length: ns.length)
            // A description's depth: the bars in the run of spaces, bars (and a wrapping `<`) just before it (a
            // trace line's: every bar before its class, its mark and `<` come between).
            func barsBefore(_ location: Int) -> Int? {
                bars ? ns.substring(to: location).reversed().prefix { $0 == " " || $0 == "|" || $0 == "\t" || $0 == "<" }.filter { $0 == "|" }.count : nil
            }
            func traceBarsBefore(_ location: Int) -> Int? { bars ? ns.substring(to: location).filter { $0 == "|" }.count : nil }
            // Views on one line (its line breaks lost): a description that follows another one's
            // closing `>` and bars; one inside another's description (a layer's delegate) is not.
            let views = view.matches(in: line, range: range).filter { m in
                let before = ns.substring(to: m.range.location).reversed().drop { $0 == " " || $0 == "|" }
                return m.range.location == view.firstMatch(in: line, range: range)?.range.location || before.first == ">"
            }
            if !views.isEmpty {
                for m in views {
                    let address = m.range(at: 2).location == NSNotFound ? nil : ns.substring(with: m.range(at: 2)).lowercased()
                    let frame = (3...6).map { Double(ns.substring(with: m.range(at: $0)))! }
                    result.append(
                        Expected(
                            source: address ?? "line \(k + 1)", frame: frame, transformed: line.contains("transform = ["), absolute: false,
                            bars: barsBefore(m.range.location)))
                }
            } else if let m = trace.firstMatch(in: line, range: range) {
                result.append(
                    Expected(
                        source: ns.substring(with: m.range(at: 2)).lowercased(), frame: [0, 0, 0, 0], transformed: false, absolute: false,
                        bars: traceBarsBefore(m.range(at: 1).location)))
            } else if inTree, let m = element.firstMatch(in: line, range: range) {
                let address = m.range(at: 1).location == NSNotFound ? nil : ns.substring(with: m.range(at: 1)).lowercased()
                let frame = (2...5).map { Double(ns.substring(with: m.range(at: $0)))! }
                result.append(Expected(source: address ?? "line \(k + 1)", frame: frame, transformed: false, absolute: true))
            }
        }
        return result
    }

    /// A WebDriver response's `value` string (`{"value":"…"}`), decoded by Foundation's JSON
    /// reader (a string cut off is closed where it stops), or nil when the text holds none.
    static func webDriverValue(_ text: String) -> String? {
        guard let start = text.range(of: #""value"\s*:\s*""#, options: .regularExpression) else { return nil }
        var body = ""
        var escaped = false
        for c in text[start.upperBound...] {
            if c == "\n" { break }
            if !escaped, c == "\"" { break }
            escaped = !escaped && c == "\\"
            body.append(c)
        }
        if escaped { body.removeLast() }
        guard let data = ("[\"" + body + "\"]").data(using: .utf8),
            let decoded = (try? JSONSerialization.jsonObject(with: data)) as? [String]
        else { return nil }
        return decoded.first
    }

    /// Every view of the scene by source id: its frame and its screen frame (for views without
    /// transforms).
    static func frames(_ result: ImportResult) -> [String: (frame: [Double], absolute: [Double], parent: String?)] {
        var out: [String: (frame: [Double], absolute: [Double], parent: String?)] = [:]
        guard let scene = result.scene else { return out }
        var roots: [JSONValue] = []
        if let w = scene["window"] { roots = [w] } else if case let .array(ws)? = scene["windows"] { roots = ws }
        var stack: [(JSONValue, Double, Double, String?)] = roots.map { ($0, 0, 0, nil) }
        while let (v, ox, oy, parent) = stack.popLast() {
            var f = [0.0, 0, 0, 0]
            if let frame = v["frame"] {
                for (i, key) in ["x", "y", "width", "height"].enumerated() { if case let .number(n)? = frame[key] { f[i] = n } }
            }
            var bx = 0.0
            var by = 0.0
            if case let .object(s)? = v["scroll"], let o = s.first(where: { $0.key == "contentOffset" })?.value {
                if case let .number(n)? = o["x"] { bx = n }
                if case let .number(n)? = o["y"] { by = n }
            }
            let absolute = [ox + f[0], oy + f[1], f[2], f[3]]
            var source: String?
            if case let .string(id)? = v["id"] { source = result.ids[id] }
            if let source { out[source] = (f, absolute, parent) }
            if case let .array(subviews)? = v["subviews"] {
                for s in subviews { stack.append((s, absolute[0] - bx, absolute[1] - by, source)) }
            }
        }
        return out
    }

    /// The check: every expected view is in the scene with its frame; the scene has no view the
    /// dump lacks (windows the importer made aside).
    static func check(_ text: String, _ result: ImportResult, _ name: String) {
        let expected = expected(text)
        let actual = frames(result)
        #expect(!expected.isEmpty, "\(name): the oracle found no views")
        // A line whose address was read before is that view again (an address is one object):
        // one view, nested where it was first — or, when it was first a root (printed on its
        // own), under the view a later line nests it in.
        let distinct = Set(expected.map(\.source)).count
        #expect(actual.count == distinct, "\(name): \(actual.count) views imported, the dump has \(distinct)")
        // Nesting: the nearest view above with fewer bars is the superview (nil: a root).
        var open: [(bars: Int, source: String)] = []
        var parentOf: [String: String?] = [:]
        var order: [String] = []
        for e in expected {
            guard let b = e.bars else { continue }
            while let top = open.last, top.bars >= b { open.removeLast() }
            let above = open.last?.source
            if let known = parentOf[e.source] {
                if known == nil, let above, above != e.source { parentOf[e.source] = .some(above) }
            } else {
                parentOf[e.source] = .some(above)
                order.append(e.source)
            }
            open.append((b, e.source))
        }
        for source in order {
            guard let a = actual[source], let parent = parentOf[source] else { continue }
            #expect(a.parent == parent, "\(name): \(source) is in \(a.parent ?? "no view"), the dump nests it in \(parent ?? "no view")")
        }
        for e in expected {
            guard let a = actual[e.source] else {
                Issue.record("\(name): the view \(e.source) is not in the scene")
                continue
            }
            if e.transformed { continue }
            let got = e.absolute ? a.absolute : a.frame
            #expect(got == e.frame, "\(name): \(e.source) has the frame \(got), the dump says \(e.frame)")
        }
    }
}

@Suite("Importing the shared dumps", .enabled(if: DumpCorpus.available, "../shared/dumps is not next to the repository"))
struct DumpCorpusTests {
    /// Every dump of the shared sample imports, its format read off the text, and its scene loads
    /// and lays out.
    @Test(arguments: DumpCorpus.names)
    func importsAndLoads(_ name: String) throws {
        let bytes = try DumpCorpus.bytes(name)
        let format = try #require(ImportFormat.detect(fileName: name, bytes: bytes), "\(name): no format detected")
        let result = try Importer.importDocument(bytes, format: format, options: ImportOptions(fileName: name))
        let scene = try SceneDecoder().decode(try #require(result.scene))
        _ = scene.laidOut()
        #expect(scene.views.count > 1, "\(name): only \(scene.views.count) views")
        let expectedFormat: ImportFormat =
            name.contains("recursiveDescription") ? .recursiveDescription
            : name.contains("printHierarchy") ? .printHierarchy : name.contains("debugDescription") ? .xcuitest : .sentryViewHierarchy
        #expect(result.format == expectedFormat, "\(name): read as \(result.format.rawValue)")
    }

    /// Every view of every text dump is in the scene with the dump's frame, and nothing else is.
    @Test(arguments: DumpCorpus.names.filter { !$0.contains("printHierarchy") && $0.hasSuffix(".txt") })
    func everyViewAndFrameExact(_ name: String) throws {
        let bytes = try DumpCorpus.bytes(name)
        let result = try Importer.importDocument(bytes, format: try #require(ImportFormat.detect(fileName: name, bytes: bytes)))
        DumpOracle.check(String(decoding: bytes, as: UTF8.self), result, name)
    }
}

@Suite("The frame oracle on our own dumps")
struct DumpOracleFixtureTests {
    /// The same check on every text fixture that is not cut off or escaped (the oracle reads
    /// one description per line).
    @Test(arguments: DumpFixtures.names.filter {
        $0.hasSuffix(".txt") && !$0.hasPrefix("dumpTruncated") && !$0.contains("escaped") && !$0.hasPrefix("wrapped") && !$0.hasPrefix("invalidValue")
            && !$0.hasPrefix("emptyDocument") && !$0.hasPrefix("viewOutsideHierarchy") && !$0.hasPrefix("earlgrey")
    })
    func everyViewAndFrameExact(_ name: String) throws {
        let result = try DumpFixtures.importFixture(name)
        DumpOracle.check(String(decoding: try DumpFixtures.bytes(name), as: UTF8.self), result, name)
    }
}
