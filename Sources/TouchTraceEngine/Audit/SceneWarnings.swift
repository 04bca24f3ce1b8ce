/// Something in a valid scene that is probably a mistake: not an error (the scene loads and
/// answers), but a `validate` command should say it, with the view's pointer.
public struct SceneWarning: Sendable, Hashable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A view (not hidden) whose frame has no width or no height (H2: nothing inside it can be
        /// hit unless its touch area is enlarged; H4: nor can its subviews).
        case emptyFrame
        /// A control or gesture view (enabled, visible, on screen) whose effective hit region is
        /// empty: covered everywhere, clipped away, or with an empty touch area.
        case unreachableControl
        /// A view that hit testing could visit lying entirely outside its superview's touch area
        /// (H4), outside scroll views (whose content is outside by design until scrolled).
        case outsideSuperview
        /// The effective hit regions needed more work than the request's limit
        /// (``SceneLimits/maxRegionWork``): the controls from the one named on were not checked
        /// for `unreachableControl`. Said, not guessed.
        case regionsNotChecked
        /// The scene's geometry is not known (``UnknownGeometry``: imported from a dump that
        /// prints no frames): the one warning, at the scene's `/origin/format`, instead of an
        /// `emptyFrame` for every view; `view` is the first window.
        case geometryUnknown
    }

    public var kind: Kind
    public var view: Int
    /// The view's JSON pointer in the scene document.
    public var pointer: String
    public var message: String

    /// `{"kind", "pointer", "message"}`.
    public var json: JSONValue {
        .obj(["kind": .string(kind.rawValue), "pointer": .string(pointer), "message": .string(message)])
    }
}

extension PreparedScene {
    /// The warnings of a scene (after its initial layout cycle), in document order: views with
    /// empty frames, controls that nothing can hit, subviews entirely outside their superview.
    /// `pointers` locates the views in the document (``ViewPointers``).
    /// A scene whose geometry is not known (``UnknownGeometry``: a dump that prints no frames)
    /// has one `geometryUnknown` warning at its `/origin/format` instead: its empty frames are
    /// the dump's silence, not the views' sizes.
    public func warnings(pointers: ViewPointers) -> [SceneWarning] {
        if let unknown = UnknownGeometry(laidOut) {
            return [SceneWarning(
                kind: .geometryUnknown, view: laidOut.windows.first ?? 0, pointer: pointers.base + "/origin/format",
                message: unknown.reason + "; no view's frame can be checked (emptyFrame, unreachableControl and outsideSuperview are left out); "
                    + UnknownGeometry.remedy)]
        }
        return laidOut.warnings(map: HitRegionMap(scene: laidOut, limits: limits), pointers: pointers)
    }
}

extension Scene {
    /// The same, on a map already built for this scene after its layout cycle.
    public func warnings(map: HitRegionMap, pointers: ViewPointers) -> [SceneWarning] {
        let scene = map.scene
        var out: [SceneWarning] = []
        let targets = Set(map.targets)
        var unchecked: (view: Int, pointer: String, count: Int)?
        for v in map.shapes.preorder {
            let node = scene.views[v]
            let pointer = pointers[v] ?? ""
            let hidden = map.unreachability(of: v).map { $0.reason == .hidden || $0.reason == .transparent } ?? false
            if !hidden, node.frame.size.width == 0 || node.frame.size.height == 0 {
                let size = SceneAudit.describe(node.frame.size)
                var message = "view \"\(node.id)\" has an empty frame (\(size) pt)"
                if map.touchAreaBox(of: v) == nil {
                    message += node.subviews.isEmpty ? ": it can never be hit (H2)" : ": neither it nor its \(node.subviews.count) subview(s) can ever be hit (H2, H4)"
                } else {
                    message += "; only its enlarged touch area can be hit (H9)"
                }
                out.append(SceneWarning(kind: .emptyFrame, view: v, pointer: pointer, message: message))
            }
            if targets.contains(v), map.work.exceeded {
                unchecked = unchecked.map { ($0.view, $0.pointer, $0.count + 1) } ?? (v, pointer, 1)
            } else if targets.contains(v) {
                let region = map.region(of: v)
                if map.work.exceeded {
                    unchecked = (v, pointer, 1)
                } else if region.isEmpty, SceneAudit.skipReason(region, map: map) == nil, map.touchAreaBox(of: v) != nil {
                    let what = node.control != nil ? "control" : "gesture view"
                    let message = "\(what) \"\(node.id)\" can never be hit: its effective hit region is empty; " + SceneAudit.emptinessReason(region, scene: scene)
                    out.append(SceneWarning(kind: .unreachableControl, view: v, pointer: pointer, message: message))
                }
            }
            if let parent = node.parent, map.unreachability(of: v) == nil, !scene.views[parent].viewClass.isScrollView,
                let box = map.touchAreaBox(of: v), let parentBox = map.touchAreaBox(of: parent), box.overlap(parentBox) == nil
            {
                let message = "view \"\(node.id)\" lies entirely outside its superview \"\(scene.views[parent].id)\": it can never be hit (H4)"
                out.append(SceneWarning(kind: .outsideSuperview, view: v, pointer: pointer, message: message))
            }
        }
        if let unchecked {
            let id = scene.views[unchecked.view].id
            out.append(SceneWarning(
                kind: .regionsNotChecked, view: unchecked.view, pointer: unchecked.pointer,
                message: "\(unchecked.count) control(s) and gesture view(s) from \"\(id)\" on were not checked for unreachableControl: their effective hit regions need more than \(map.work.limit) units of work, this server's limit (maxRegionWork)"))
        }
        return out
    }
}
