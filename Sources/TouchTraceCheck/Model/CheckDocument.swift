import TouchTraceEngine

/// An expectation file (`*.touchtrace.yaml`, or JSON; docs/check.md): the scene(s) it runs on,
/// the window size or device, the audit defaults, and the steps, each with what it expects —
/// the shape of a Maestro flow, with the vocabulary of Detox and XCUITest.
///
/// ```yaml
/// scene: checkout.json
/// device: iPhone 15
/// audit: {profile: apple-44}
/// steps:
///   - tapOn: payButton
///     expect: {hitView: payButton, action: {selector: "pay:", target: checkoutController}}
///   - assertNotHittable: {view: closeButton, reason: coveredBy, by: promoOverlay}
///   - assertTouchTargets: {severity: error}
/// ```
public struct CheckDocument: Sendable {
    public var name: String?
    /// The scenes by name (`main` for a document with one `scene`), in the order given.
    public var scenes: [(name: String, reference: SceneReference, pointer: String)]
    /// The window size every screen-filling window gets before the first step.
    public var screen: ScreenSize?
    /// Audit defaults for `assertTouchTargets` and `assertLayout`.
    public var audit: AuditOptions
    public var steps: [CheckStep]

    /// The name of the single scene of a document that gives `scene` rather than `scenes`.
    public static let defaultSceneName = "main"
}

/// Where a scene comes from: a name (a file relative to the expectation file on the command
/// line, a scene or a design file or dump; a stored scene's id over HTTP), the scene document
/// itself, or a design file with its import options (`{file: Main.storyboard, scene: …}`).
public enum SceneReference: Sendable {
    case named(String)
    case inline(JSONValue)
    case design(DesignReference)
}

/// A design file (or dump) as a scene, with the import options beside it: `{file:
/// Main.storyboard, scene: BYZ-38-t0r}`, `{file: design.json, frame: "Checkout"}`. On the command
/// line the file is read relative to the expectation file; over HTTP its content is inline in
/// `document` (the XML as a string, a JSON design file as JSON). The import runs once per file and
/// options in a run.
public struct DesignReference: Sendable {
    /// The file's name as written (relative to the expectation file).
    public var file: String
    /// The file's content, inline (HTTP): a string (XML, or any text) or a JSON value.
    public var document: JSONValue?
    /// `xib`, `storyboard`, `figma`, `penpot`, `sketch`; nil: from the name, else the bytes.
    public var format: String?
    /// A storyboard scene or view controller id, a xib top-level object id.
    public var scene: String?
    /// A storyboard view controller's Storyboard ID.
    public var controller: String?
    /// A Figma frame, Penpot board or Sketch artboard, by id or name.
    public var frame: String?
    /// Lay out as the design tool's canvas shows it (docs/import-ib.md).
    public var canvas: Bool
    /// Where the reference is in the expectation document (`/scene`, `/scenes/login`).
    public var pointer: String

    public static let fields = ["file", "document", "format", "scene", "controller", "frame", "canvas"]

    public init(file: String, document: JSONValue? = nil, format: String? = nil, scene: String? = nil, controller: String? = nil,
                frame: String? = nil, canvas: Bool = false, pointer: String) {
        self.file = file
        self.document = document
        self.format = format
        self.scene = scene
        self.controller = controller
        self.frame = frame
        self.canvas = canvas
        self.pointer = pointer
    }

    /// "Main.storyboard (scene BYZ-38-t0r)".
    public var summary: String {
        var options: [String] = []
        if let scene { options.append("scene " + scene) }
        if let controller { options.append("controller " + controller) }
        if let frame { options.append("frame " + frame) }
        if canvas { options.append("canvas") }
        return file + (options.isEmpty ? "" : " (" + options.joined(separator: ", ") + ")")
    }
}

/// What importing a design file for a scene gave, beside the scene: the file, the format, what
/// was picked in it, and the import's warnings (each as one line, with the source's line or
/// pointer), for the report.
public struct SceneImport: Sendable, Hashable {
    /// The scene's name in the document (`main`, or a key of `scenes`).
    public var scene: String
    public var file: String
    public var format: String
    /// "scene BYZ-38-t0r", "frame Checkout", or nil for the file's default.
    public var picked: String?
    public var warnings: [String]

    public init(scene: String, file: String, format: String, picked: String?, warnings: [String]) {
        self.scene = scene
        self.file = file
        self.format = format
        self.picked = picked
        self.warnings = warnings
    }
}

/// The size windows get: a named device in an orientation, or a size.
public struct ScreenSize: Sendable, Hashable {
    public var width: Double
    public var height: Double
    /// "iPhone 15, portrait" or "390×844".
    public var label: String
    public var pointer: String
}

/// One step: an action, and what it expects.
public struct CheckStep: Sendable {
    /// 1-based, as reports count.
    public var number: Int
    public var pointer: String
    public var name: String?
    /// The scene it runs on (a name of ``CheckDocument/scenes``).
    public var scene: String
    /// The window whose coordinates the step's points are in (default: the front-most).
    public var window: String?
    public var action: StepAction
    public var expect: Expectations?
    /// `reset: true`: the step starts from the scene as loaded (with the header's device or
    /// window size), without the changes of the steps before it.
    public var reset = false

    /// "tapOn payButton", "drag from slider to (300, 400)", "assertTouchTargets apple-44", or the
    /// step's own name.
    public var title: String { name ?? action.summary }
}

/// What a step does.
public enum StepAction: Sendable {
    case tap(TouchLocation, count: Int)
    case drag(from: TouchLocation, to: TouchLocation, steps: Int?, duration: Double?)
    case longPress(TouchLocation, duration: Double?)
    /// `sendActions(for:)` from code: the actions request (openapi.yaml), checked by the engine's
    /// decoder, with problems under `pointer`.
    case sendActions(ActionsRequest)
    /// Layout changes (the engine's `changes`, plus `rotate` and `resize`), applied for every
    /// later step. Items keep their JSON so that `rotate` can see the scene's windows.
    case changes([JSONValue], pointer: String)
    case assertNotHittable(NotHittableAssertion)
    case assertTouchTargets(TouchTargetAssertion)
    case assertLayout(LayoutAssertion)

    public var kind: String {
        switch self {
        case .tap: return "tapOn"
        case .drag: return "drag"
        case .longPress: return "longPress"
        case .sendActions: return "sendActions"
        case .changes: return "changes"
        case .assertNotHittable: return "assertNotHittable"
        case .assertTouchTargets: return "assertTouchTargets"
        case .assertLayout: return "assertLayout"
        }
    }

    public static let kinds = ["tapOn", "drag", "longPress", "sendActions", "changes", "assertNotHittable", "assertTouchTargets", "assertLayout"]

    /// Whether the step delivers touches (and so can expect a hit view, a responder chain and
    /// recognizer states).
    public var isTouch: Bool {
        switch self {
        case .tap, .drag, .longPress: return true
        default: return false
        }
    }

    public var summary: String {
        switch self {
        case let .tap(location, count): return (count == 2 ? "doubleTap " : count > 2 ? "tapOn (\(count)×) " : "tapOn ") + location.summary
        case let .drag(from, to, _, _): return "drag from \(from.summary) to \(to.summary)"
        case let .longPress(location, _): return "longPress " + location.summary
        case let .sendActions(request): return "sendActions \(request.sender) " + request.calls.map(\.name).joined(separator: ", ")
        case let .changes(items, _): return "changes (" + items.map { $0["op"].flatMap { if case let .string(s) = $0 { s } else { nil } } ?? "?" }.joined(separator: ", ") + ")"
        case let .assertNotHittable(a): return "assertNotHittable " + ViewSelector.display(a.view)
        case let .assertTouchTargets(a): return "assertTouchTargets" + (a.profile.map { " " + $0.name } ?? "")
        case .assertLayout: return "assertLayout"
        }
    }
}

/// Where a touch lands: a view (its centre, or a point relative to its bounds) or a point of the
/// window.
public enum TouchLocation: Sendable, Hashable {
    case view(String, at: RelativePoint?)
    case point(RelativePoint)

    public var summary: String {
        switch self {
        case let .view(id, at): return ViewSelector.display(id) + (at.map { " at " + $0.summary } ?? "")
        case let .point(p): return p.summary
        }
    }
}

/// A point given per axis in points or in percent of a size (the window's, or the view's bounds).
public struct RelativePoint: Sendable, Hashable {
    public enum Coordinate: Sendable, Hashable {
        case points(Double)
        case percent(Double)

        var summary: String {
            switch self {
            case let .points(v): return Measure.format(v)
            case let .percent(v): return Measure.format(v) + "%"
            }
        }

        func resolve(along length: Double) -> Double {
            switch self {
            case let .points(v): return v
            case let .percent(v): return v / 100 * length
            }
        }
    }

    public var x: Coordinate
    public var y: Coordinate

    public var summary: String { "(\(x.summary), \(y.summary))" }
}

/// `assertNotHittable`: no touch reaches the view (anywhere, or at a point), for the reason given.
public struct NotHittableAssertion: Sendable {
    public var view: String
    public var at: RelativePoint?
    public var reason: NotHittableReason?
    public var by: String?
    public var pointer: String
}

/// Why a touch does not reach a view, in the words of the trace and the region (docs/check.md).
public enum NotHittableReason: String, Sendable, CaseIterable {
    case hidden, alpha, notInteractive, disabled, coveredBy, outsideParent, takenBySubview, takenByViewController,
        capturedByAncestor, redirected, passesThrough, nonInvertibleTransform, notInWindow, emptyTouchArea, outsideTouchArea
    /// The view is in a window and open to touches there, but hit testing answers another
    /// view (`by`) or none, for none of the reasons above: the region's `elsewhere`, such as
    /// a subview whose `hitTest` sends the touch to a view outside the view (H9).
    case hitElsewhere

    /// The reason a region blocker's relation stands for.
    init(_ relation: RegionBlocker.Relation) {
        switch relation {
        case .covered(.laterSibling), .covered(.laterSiblingOfAncestor), .covered(.frontWindow): self = .coveredBy
        case .covered(.subview): self = .takenBySubview
        case .covered(.viewController): self = .takenByViewController
        case let .unreachable(reason): self.init(reason)
        case .capturedByAncestor: self = .capturedByAncestor
        case .redirected: self = .redirected
        case .passesThrough: self = .passesThrough
        case .outsideAncestor: self = .outsideParent
        case .elsewhere: self = .hitElsewhere
        }
    }

    /// The reason a state that keeps hit testing from ever visiting the view stands for.
    init(_ reason: Unreachability.Reason) {
        switch reason {
        case .hidden: self = .hidden
        case .transparent: self = .alpha
        // A running animation without `.allowUserInteraction` acts as isUserInteractionEnabled =
        // false ("regardless of the value in this property", H10).
        case .userInteractionDisabled, .animating: self = .notInteractive
        case .disabledControl: self = .disabled
        case .nonInvertibleTransform: self = .nonInvertibleTransform
        case .notInWindow: self = .notInWindow
        }
    }
}

/// `assertTouchTargets`: the touch-target size audit (`targetSize`) with a profile and severity.
public struct TouchTargetAssertion: Sendable {
    public var profile: TouchTargetProfile?
    public var severity: AuditSeverity?
    public var allow: [AuditAllowance]
    public var pointer: String
}

/// `assertLayout`: the layout audit (`unsatisfiableConstraints`, `ambiguousLayout`, `offScreen`,
/// `emptyHitRegion`), each with a severity.
public struct LayoutAssertion: Sendable {
    public var severities: [AuditRule: AuditSeverity]
    public var allow: [AuditAllowance]
    public var pointer: String

    public static let rules: [AuditRule] = [.unsatisfiableConstraints, .ambiguousLayout, .offScreen, .emptyHitRegion]
}

/// Lengths in messages: rounded to 0.01 pt, without trailing zeros (as the audit writes them).
enum Measure {
    static func format(_ x: Double) -> String {
        let r = (x * 100).rounded() / 100
        return JSONWriter.format(r == 0 ? 0 : r)
    }

    static func point(_ p: Point) -> String { "(\(format(p.x)), \(format(p.y)))" }

    /// A sentence with every number in it rounded to 0.01 pt (a trace's detail carries the
    /// converted coordinates unrounded: `16.450000000000045`, `1e-14`); ids are left alone (a
    /// number that is part of a word, `button-2`, `Chk-Bt-001`, is not one).
    static func rounded(_ text: String) -> String {
        var out = ""
        let chars = Array(text)
        var i = 0
        func isWord(_ c: Character) -> Bool { c.isLetter || c == "_" || c == ":" || c == "#" }
        while i < chars.count {
            let c = chars[i]
            let startsNumber = c.isNumber || (c == "-" && i + 1 < chars.count && chars[i + 1].isNumber)
            let previous: Character? = i > 0 ? chars[i - 1] : nil
            if startsNumber, previous.map({ !isWord($0) && !$0.isNumber && $0 != "." && $0 != "-" }) ?? true {
                var j = i + 1
                while j < chars.count, chars[j].isNumber || chars[j] == "." || ((chars[j] == "e" || chars[j] == "E") && j + 1 < chars.count && (chars[j + 1].isNumber || chars[j + 1] == "-")) || ((chars[j] == "-") && (chars[j - 1] == "e" || chars[j - 1] == "E")) {
                    j += 1
                }
                let token = String(chars[i..<j])
                let next: Character? = j < chars.count ? chars[j] : nil
                if next.map({ !isWord($0) && $0 != "-" }) ?? true, token.contains(".") || token.contains("e"), let value = Double(token), value.isFinite {
                    out += format(value)
                } else {
                    out += token
                }
                i = j
                continue
            }
            out.append(c)
            i += 1
        }
        return out
    }
}
