/// A scene whose geometry is not known: imported from a dump that prints no frames (a
/// `_printHierarchy` alone, an `_autolayoutTrace`; its `origin.format` is one of ``formats``,
/// docs/import-dumps.md) and with no frame given since — every view's frame is still the zero
/// rectangle, because the dump printed none, not because the views have no size.
///
/// The one place that decides it (``init(_:)``); every operation asks it on the scene it is about
/// to answer on (after the request's `changes`), and then refuses where no part of its answer can
/// mean anything (hit-test, touches, why-not, audit, render: ``refusal(at:_:)``) or answers with a
/// `geometryUnknown` warning where part of it still does (layout: the tree and the
/// `layoutSubviews` calls; ``warning(at:_:)``; validate: one `geometryUnknown` scene warning
/// instead of an `emptyFrame` per view). `actions` (T7) reads no geometry and answers as for any
/// scene. Once any view has a frame (the scene edited, or a `setFrame`, `setBounds`,
/// `setCenter` or `resizeWindow` change), the geometry is the user's and the scene is answered as
/// any other.
public struct UnknownGeometry: Sendable, Hashable {
    /// The scene's `origin.format`.
    public var format: String

    /// The `origin.format`s of imports that print no frames.
    public static let formats: Set<String> = ["print-hierarchy", "autolayout-trace"]

    /// Nil when the scene's geometry is known: it was not imported from a frameless dump, or some
    /// view has a frame. Costs one dictionary-free string test for every other scene.
    public init?(_ scene: Scene) {
        guard let format = scene.origin?.format, Self.formats.contains(format) else { return nil }
        for node in scene.views where node.frame != Rect(x: 0, y: 0, width: 0, height: 0) { return nil }
        self.format = format
    }

    /// Why: the sentence every refusal and warning starts with.
    public var reason: String {
        "the scene was imported from a dump in the \(format) format (origin.format), which prints no frames: every view's frame is empty because the dump printed none"
    }

    /// What to do about it.
    static let remedy = "import a recursiveDescription of the same window (docs/import-dumps.md), or give the frames (setFrame changes)"

    /// A 422 at `pointer`: `what` (e.g. "what a tap at (10, 20) hits") cannot be decided.
    public func refusal(at pointer: String, _ what: String) -> InputError {
        .invalidRequest([SceneProblem(pointer: pointer, message: "\(reason), so \(what) cannot be decided from it; \(Self.remedy)")])
    }

    /// A `geometryUnknown` warning at `pointer` (the scene's `/origin/format`): `what` in the
    /// answer is the zero rectangles, not the views' frames.
    public func warning(at pointer: String, _ what: String) -> AnswerWarning {
        AnswerWarning(kind: .geometryUnknown, pointer: pointer, message: "\(reason); \(what); \(Self.remedy)")
    }
}

/// A warning in an answer that is still given: part of it cannot be known from the input, and
/// the answer says which part instead of guessing silently. `{"kind", "pointer", "message"}`.
public struct AnswerWarning: Sendable, Hashable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The scene's geometry is not known (``UnknownGeometry``).
        case geometryUnknown
    }

    public var kind: Kind
    /// Where the reason is, in the request or the scene document.
    public var pointer: String
    public var message: String

    /// The same warning with its pointer under `base` (`/scene` for a scene inline in a request).
    public func under(_ base: String) -> AnswerWarning {
        AnswerWarning(kind: kind, pointer: base + pointer, message: message)
    }

    public var json: JSONValue {
        .obj(["kind": .string(kind.rawValue), "pointer": .string(pointer), "message": .string(message)])
    }
}

extension PreparedScene {
    /// ``UnknownGeometry`` of the scene after `changes` (their one update cycle run only when the
    /// scene was imported from a frameless dump).
    public func unknownGeometry(after changes: [LayoutChange], limits: SceneLimits) throws(InputError) -> UnknownGeometry? {
        guard let format = scene.origin?.format, UnknownGeometry.formats.contains(format) else { return nil }
        return UnknownGeometry(try self.scene(after: changes, limits: limits))
    }
}
