import TouchTraceEngine

/// How a step names a view: by its scene id, or by something that does not change when a title
/// or a generated id does — its accessibility identifier (as XCUITest finds it), its Interface
/// Builder object id, Figma / Penpot / Sketch node id or runtime dump address (through the
/// scene's `origin.ids`), or
/// the text it shows (a label's text, a button's title).
///
/// ```yaml
/// - tapOn: {accessibilityIdentifier: pay}
/// - tapOn: {ib: 8Hx-GY-SvU}
/// - tapOn: {figma: "59:5"}
/// - assertNotHittable: {view: {label: "Pay"}, reason: coveredBy}
/// ```
///
/// In the decoded document a view reference stays a `String`: an id as written, or the
/// selector's ``token`` (which no id can be: ids have no control characters); the runner
/// resolves every token against the step's scene before the step runs, and a selector that
/// matches nothing, or more than one view, fails that step with the candidates.
public enum ViewSelector: Sendable, Hashable {
    case id(String)
    case accessibilityIdentifier(String)
    /// An Interface Builder object id (`8Hx-GY-SvU`), through `origin.ids`.
    case ib(String)
    /// A Figma node id (`59:5`), through `origin.ids`.
    case figma(String)
    case penpot(String)
    case sketch(String)
    /// A runtime dump's address (`0x7f9c4b710950`), through `origin.ids`.
    case dump(String)
    /// The text a view shows: a label's text or a button's title (scene field `text`).
    case label(String)

    public static let kinds = ["id", "accessibilityIdentifier", "ib", "figma", "penpot", "sketch", "dump", "label"]
    /// The `origin.format`s of runtime dumps (docs/import-dumps.md).
    static let dumpFormats = ["recursive-description", "xcuitest", "print-hierarchy", "autolayout-trace", "sentry-view-hierarchy"]
    static let mark = "\u{1}"

    init?(kind: String, value: String) {
        switch kind {
        case "id": self = .id(value)
        case "accessibilityIdentifier": self = .accessibilityIdentifier(value)
        case "ib": self = .ib(value)
        case "figma": self = .figma(value)
        case "penpot": self = .penpot(value)
        case "sketch": self = .sketch(value)
        case "dump": self = .dump(value)
        case "label": self = .label(value)
        default: return nil
        }
    }

    var kind: String {
        switch self {
        case .id: return "id"
        case .accessibilityIdentifier: return "accessibilityIdentifier"
        case .ib: return "ib"
        case .figma: return "figma"
        case .penpot: return "penpot"
        case .sketch: return "sketch"
        case .dump: return "dump"
        case .label: return "label"
        }
    }

    var value: String {
        switch self {
        case let .id(v), let .accessibilityIdentifier(v), let .ib(v), let .figma(v), let .penpot(v), let .sketch(v), let .dump(v), let .label(v): return v
        }
    }

    /// The form a decoded document keeps: the id itself, or `\u{1}kind\u{1}value`.
    public var token: String {
        if case let .id(id) = self { return id }
        return Self.mark + kind + Self.mark + value
    }

    /// The selector a view reference stands for.
    public init(token: String) {
        guard token.hasPrefix(Self.mark) else {
            self = .id(token)
            return
        }
        let parts = token.dropFirst().split(separator: Character(Self.mark), maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2, let s = ViewSelector(kind: String(parts[0]), value: String(parts[1])) {
            self = s
        } else {
            self = .id(token)
        }
    }

    /// How reports name a reference: the id, or `label "Pay"`, `accessibilityIdentifier pay`.
    public static func display(_ token: String) -> String {
        let s = ViewSelector(token: token)
        switch s {
        case let .id(id): return id
        case let .label(text): return "label \"\(text)\""
        default: return "\(s.kind) \(s.value)"
        }
    }

    /// Whether a JSON value is a selector object: exactly one member, a selector kind.
    static func isSelectorObject(_ value: JSONValue) -> Bool {
        guard case let .object(members) = value, members.count == 1, let key = members.first?.key else { return false }
        return kinds.contains(key)
    }

    /// A view reference: an id (a string), or a selector object (`{label: "Pay"}`); nil, with a
    /// problem, for anything else.
    static func decode(_ value: JSONValue, at pointer: String, context: inout DecodeContext) -> String? {
        guard case let .object(members) = value else { return context.identifier(value, at: pointer) }
        guard members.count == 1, let member = members.first, kinds.contains(member.key) else {
            context.fail(
                pointer,
                "a view is an id or one selector: " + kinds.map { "{\($0): …}" }.joined(separator: ", ")
                    + (members.first.map { IDSuggestion.didYouMean($0.key, in: kinds) } ?? ""))
            return nil
        }
        let at = JSONPointer.join(pointer, member.key)
        if member.key == "id" { return context.identifier(member.value, at: at) }
        guard let text = context.string(member.value, at: at, what: member.key) else { return nil }
        guard !text.isEmpty, text.utf8.count <= 1_000, !text.contains(Character(mark)) else {
            context.fail(at, "\(member.key) must be 1 to 1000 characters")
            return nil
        }
        return ViewSelector(kind: member.key, value: text)?.token
    }

    /// The view this selector names in `scene`, or why none (with the candidates).
    public func resolve(in scene: Scene) -> Result<Int, ResolutionFailure> {
        switch self {
        case let .id(id):
            if let v = scene.viewIndex(id) { return .success(v) }
            return .failure(ResolutionFailure(message: "\"\(id)\" is not a view of the scene" + scene.didYouMean(id, among: IDSuggestion.isView)))
        case let .accessibilityIdentifier(name):
            let matches = scene.views.indices.filter { scene.views[$0].accessibilityIdentifier == name && !scene.views[$0].detached }
            let all = scene.views.compactMap(\.accessibilityIdentifier)
            return Self.pick(matches, what: "accessibilityIdentifier \(name)", in: scene, candidates: {
                all.isEmpty ? "no view of the scene has an accessibility identifier" : "the scene's accessibility identifiers: " + Self.list(all.map { $0 })
                    + IDSuggestion.didYouMean(name, in: all)
            })
        case let .label(text):
            let live = scene.views.indices.filter { scene.views[$0].text != nil && !scene.views[$0].detached }
            var matches = live.filter { scene.views[$0].text == text }
            if matches.isEmpty {
                // Case and surrounding spaces aside, as a reader compares titles.
                let folded = Self.fold(text)
                matches = live.filter { Self.fold(scene.views[$0].text ?? "") == folded }
            }
            return Self.pick(matches, what: "label \"\(text)\"", in: scene, candidates: {
                let texts = live.map { "\"\(scene.views[$0].text ?? "")\" (\(scene.views[$0].id))" }
                return texts.isEmpty ? "no view of the scene shows text" : "the texts the scene shows: " + Self.list(texts)
            })
        case let .ib(source), let .figma(source), let .penpot(source), let .sketch(source), let .dump(source):
            guard let origin = scene.origin else {
                return .failure(ResolutionFailure(message: "the scene has no origin (it was not imported from a design file), so \(kind) \(source) names nothing; use the view's id"))
            }
            let formats: [String]
            switch self {
            case .ib: formats = ["xib", "storyboard"]
            case .figma: formats = ["figma"]
            case .penpot: formats = ["penpot"]
            case .dump: formats = Self.dumpFormats
            default: formats = ["sketch"]
            }
            guard formats.contains(origin.format) else {
                let own = ["storyboard", "xib"].contains(origin.format) ? "ib" : Self.dumpFormats.contains(origin.format) ? "dump" : origin.format
                return .failure(ResolutionFailure(message: "the scene was imported from \(origin.format), so \(kind) \(source) names nothing; use the view's id, or its \(own) id"))
            }
            let matches = origin.ids.filter { $0.value == source }.keys.compactMap { scene.viewIndex($0) }.sorted()
            return Self.pick(matches, what: "\(kind) \(source)", in: scene, candidates: {
                let sources = origin.ids.filter { scene.viewIndex($0.key) != nil }.map(\.value).sorted()
                return "no view of the scene was made from it" + IDSuggestion.didYouMean(source, in: sources)
            })
        }
    }

    /// Why a selector names no single view.
    public struct ResolutionFailure: Error, Sendable {
        public var message: String
    }

    static func pick(_ matches: [Int], what: String, in scene: Scene, candidates: () -> String) -> Result<Int, ResolutionFailure> {
        if matches.count == 1, let v = matches.first { return .success(v) }
        if matches.isEmpty { return .failure(ResolutionFailure(message: "no view has \(what): " + candidates())) }
        let each = matches.prefix(8).map { v in
            let f = scene.windowFrame(of: v)
            return "\(scene.views[v].id) (\(Measure.format(f.minX)), \(Measure.format(f.minY)), \(Measure.format(f.size.width))×\(Measure.format(f.size.height)))"
        }
        return .failure(ResolutionFailure(
            message: "\(matches.count) views have \(what): " + each.joined(separator: ", ") + (matches.count > 8 ? ", …" : "") + "; name one by its id"))
    }

    static func fold(_ s: String) -> String {
        String(Substring(s.lowercased()).trimmingSpaces)
    }

    static func list(_ items: [String]) -> String {
        items.prefix(12).joined(separator: ", ") + (items.count > 12 ? ", … (\(items.count) in all)" : "")
    }
}

extension Scene {
    /// The bounding box of a view's bounds in its window's coordinates (H5's conversions), for
    /// naming where a candidate is.
    func windowFrame(of v: Int) -> Rect {
        let b = views[v].geometry.bounds
        var corners = [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.maxX, y: b.maxY), Point(x: b.minX, y: b.maxY)]
        var current = v
        while let parent = views[current].parent {
            corners = corners.map { views[current].geometry.convertToSuperview($0) }
            current = parent
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }
}
