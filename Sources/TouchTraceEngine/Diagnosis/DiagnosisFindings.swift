/// The causes and fixes of one diagnosis as the walk finds them, with their words: every
/// sentence names the views by id and gives the numbers involved (sizes, positions, levels), so
/// that a reader can act on it without opening the scene.
struct DiagnosisFindings {
    let scene: Scene
    /// The view asked about.
    let view: Int
    /// The top of its superview chain (its window, or a detached view).
    let root: Int
    var causes: [Diagnosis.Cause] = []
    var fixes: [Diagnosis.Fix] = []

    init(scene: Scene, view: Int, root: Int) {
        self.scene = scene
        self.view = view
        self.root = root
    }

    mutating func add(_ cause: Diagnosis.Cause, fix: String, change: ViewProperty? = nil) {
        causes.append(cause)
        if !fixes.contains(where: { $0.view == cause.view && $0.text == fix }) {
            fixes.append(Diagnosis.Fix(kind: cause.kind, view: cause.view, text: fix, change: change))
        }
    }

    func name(_ v: Int) -> String { scene.views[v].id }

    /// The answer: reachable when no cause blocks; the frames of the views involved.
    func diagnosis(window: Int?, point: Point, hitView: Int?) -> Diagnosis {
        var involved = [view]
        func involve(_ v: Int?) {
            if let v, !involved.contains(v) { involved.append(v) }
        }
        involve(hitView)
        for cause in causes {
            involve(cause.view)
            involve(cause.via)
            involve(cause.answer)
        }
        return Diagnosis(
            view: view, window: window, point: point, reachable: !causes.contains { $0.blocks }, hitView: hitView,
            causes: causes, fixes: fixes, frames: involved.compactMap { v in frame(of: v).map { (v, $0) } })
    }

    // MARK: - Before hit testing

    /// The view is in no window's tree.
    mutating func notInWindow(_ root: Int) {
        let detail = root == view
            ? "\(name(view)) is in no window: it has no superview (removeFromSuperview), and hit testing asks only windows and what they hold (H8)"
            : "\(name(view)) is inside \(name(root)), which is in no window (it has no superview, removeFromSuperview): hit testing asks only windows and what they hold (H8)"
        add(
            Diagnosis.Cause(kind: .notInWindow, view: root, rule: .H8, detail: detail),
            fix: "add \(name(root)) to a view of a window (addSubview(_:))")
    }

    // MARK: - The view on the path (H1, H5, H7, H2, H4, H9)

    /// H1, H10, H7: the flags `hitTest` checks before it looks at the point, in UIKit's order.
    mutating func checkState(of node: Int) {
        let isSelf = node == view
        let skips = isSelf ? "hit testing skips it" : "hit testing skips it and every view inside it, \(name(view)) included"
        if scene.views[node].hidden {
            add(
                Diagnosis.Cause(kind: .hidden, view: node, rule: .H1, detail: "\(name(node)) is hidden (isHidden = true): \(skips)"),
                fix: "set \(name(node)).isHidden = false", change: .hidden(false))
        }
        if !scene.views[node].userInteractionEnabled {
            let cls = scene.views[node].viewClass
            let classDefault = !cls.defaultUserInteractionEnabled
            let why = classDefault ? " (the default of \(cls.rawValue), H6)" : ""
            add(
                Diagnosis.Cause(
                    kind: .interactionDisabled, view: node, rule: classDefault ? .H6 : .H1,
                    detail: "\(name(node)).isUserInteractionEnabled is false\(why): \(skips)"),
                fix: "set \(name(node)).isUserInteractionEnabled = true", change: .userInteractionEnabled(true))
        }
        let alpha = scene.views[node].alpha
        if alpha < UIKitConstants.minimumHittableAlpha {
            add(
                Diagnosis.Cause(
                    kind: .transparent, view: node, rule: .H1,
                    detail: "\(name(node)).alpha is \(DiagnosisFormat.number(alpha)), below 0.01: \(skips)"),
                fix: "set \(name(node)).alpha to 0.01 or more (to hide a view, use isHidden)", change: .alpha(1))
        }
        checkAnimation(of: node)
        if scene.views[node].control?.enabled == false {
            let passes = isSelf ? "hit testing passes it by" : "hit testing passes it by with its subviews, \(name(view)) included"
            add(
                Diagnosis.Cause(kind: .disabledControl, view: node, rule: .H7, detail: "\(name(node)) is a disabled control (isEnabled = false): \(passes)"),
                fix: "set \(name(node)).isEnabled = true", change: .enabled(true))
        }
    }

    /// H5: the point cannot be brought into the view's coordinates.
    mutating func squashed(_ node: Int) {
        let t = scene.views[node].geometry.transform
        let matrix = [t.a, t.b, t.c, t.d, t.tx, t.ty].map(DiagnosisFormat.number).joined(separator: ", ")
        let inside = node == view ? "it cannot be hit" : "it and every view inside it, \(name(view)) included, cannot be hit"
        add(
            Diagnosis.Cause(
                kind: .zeroSize, view: node, rule: .H5,
                detail: "\(name(node))'s transform [\(matrix)] squashes it to nothing (it cannot be inverted, a scale of 0): \(inside)"),
            fix: "give \(name(node)) a transform that can be inverted (no scale of 0)")
    }

    /// H2, H4, H9: `point(inside:with:)` of a view on the path, the point `q` in its coordinates;
    /// `pointOnView` says whether the point is on the view asked about at all, and `touchArea`
    /// that it is on the view's enlarged touch area (H9) only, off its bounds: an ancestor must
    /// then hold the touch area.
    mutating func checkInside(_ node: Int, _ q: Point, pointOnView: Bool, touchArea: Bool = false) {
        let g = scene.views[node].geometry
        let area = scene.views[node].pointInside
        if area.contains(q, bounds: g.bounds) { return }
        let b = g.bounds
        let at = DiagnosisFormat.point(q)
        if b.size.width == 0 || b.size.height == 0 {
            let size = "\(DiagnosisFormat.number(b.size.width))×\(DiagnosisFormat.number(b.size.height)) pt"
            let fix: String
            if node == view {
                fix = "give \(name(view)) a size (a frame, or constraints that determine its width and height)"
            } else {
                let box = self.box(of: view, in: node)
                var needs: [String] = []
                if b.size.width == 0 { needs.append("a width of at least \(DiagnosisFormat.number(max(0, box.maxX - b.minX))) pt") }
                if b.size.height == 0 { needs.append("a height of at least \(DiagnosisFormat.number(max(0, box.maxY - b.minY))) pt") }
                fix = "give \(name(node)) " + needs.joined(separator: " and ") + " so that it holds \(name(view)) (a constraint, or a frame)"
            }
            let inside = node == view ? "" : ", so nothing inside it, \(name(view)) included, can be hit (H4)"
            add(
                Diagnosis.Cause(kind: .zeroSize, view: node, rule: .H2, detail: "\(name(node)) is \(size): its empty bounds contain no point\(inside)"),
                fix: fix)
            return
        }
        guard area.isDefault else {
            add(
                Diagnosis.Cause(
                    kind: .hitTestOverride, view: node, rule: .H9,
                    detail: "\(name(node))'s point(inside:with:) override (\(area.name)) leaves out \(at)"
                        + (node == view ? "" : ", so hit testing never asks the views inside it, \(name(view)) included"),
                    override: .pointInside),
                fix: "make \(name(node))'s point(inside:with:) (its \(area.name) touch area) take \(at), or use the default (its bounds)")
            return
        }
        if node == view {
            add(
                Diagnosis.Cause(
                    kind: .outsideSuperviewBounds, view: node, rule: .H2,
                    detail: "\(at) is outside \(name(view))'s own bounds \(DiagnosisFormat.rect(b)): the point is not on \(name(view))"),
                fix: "tap inside \(name(view)), or enlarge its touch area (a point(inside:with:) override; pointInside insets in a scene, H9)")
            return
        }
        let stops = "\(at) in \(name(node))'s coordinates is outside its bounds \(DiagnosisFormat.rect(b)), so hit testing never asks the views inside it"
        guard pointOnView else {
            // The point is off the view too: tapping elsewhere is the fix, not moving the view.
            let frame = self.frame(of: view).map { " (its frame is \(DiagnosisFormat.rect($0)) in window coordinates)" } ?? ""
            add(
                Diagnosis.Cause(kind: .outsideSuperviewBounds, view: node, rule: .H4, detail: stops + "; the point is not on \(name(view)) either"),
                fix: "tap on \(name(view))\(frame) where it lies inside \(name(node))")
            return
        }
        if touchArea {
            touchAreaOutside(node, q, stops: stops)
            return
        }
        let box = self.box(of: view, in: node)
        var facts: [String] = []
        var fixes: [String] = []
        let n = DiagnosisFormat.number
        let child = name(view)
        let parent = name(node)
        /// One axis: the point past the far edge (the parent too short, or the child too far
        /// on) or before the near one; `lo`…`hi` the parent's bounds, `from`…`to` the child's box.
        func axis(_ p: Double, _ lo: Double, _ hi: Double, length: Double, _ from: Double, _ to: Double, _ w: OverflowWords) {
            let c = w.coordinate
            guard p >= hi || p < lo else { return }
            if to - from > length {
                // Larger than the parent along this axis (a subview used as an enlarged touch
                // area): it cannot be moved into it, the parent has to grow or take the points.
                let start = min(lo, from)
                facts.append("\(parent) is \(n(length)) pt \(w.extent); \(child), \(n(to - from)) pt \(w.extent), spans \(c) = \(n(from)) to \(n(to))")
                fixes.append("make \(parent) at least \(n(max(hi, to) - start)) pt \(w.extent), from \(c) = \(n(start)), so that it holds \(child), or let \(parent)'s point(inside:with:) take the points of \(child) (a subview is touchable only inside its superview's bounds)")
            } else if p >= hi {
                facts.append("\(parent) is \(n(length)) pt \(w.extent); \(child) " + (from >= hi ? "starts at \(c) = \(n(from))" : "\(w.reaches) \(c) = \(n(to))"))
                fixes.append("make \(parent) at least \(n(to - lo)) pt \(w.extent), or move \(child) \(w.back) into it")
            } else if p < lo {
                facts.append("\(parent)'s bounds start at \(c) = \(n(lo)); \(child) " + (to <= lo ? "ends at \(c) = \(n(to))" : "starts at \(c) = \(n(from))"))
                fixes.append("move \(child) \(w.on) into \(parent) (\(c) ≥ \(n(lo)))")
            }
        }
        axis(q.y, b.minY, b.maxY, length: b.size.height, box.minY, box.maxY, .vertical)
        axis(q.x, b.minX, b.maxX, length: b.size.width, box.minX, box.maxX, .horizontal)
        add(
            Diagnosis.Cause(kind: .outsideSuperviewBounds, view: node, rule: .H4, detail: stops + ": " + facts.joined(separator: "; ")),
            fix: fixes.joined(separator: "; ") + " (clipsToBounds = true shows what cannot be touched)")
    }

    /// H4 with H9: the point is on the view's enlarged touch area (a `point(inside:with:)`
    /// override, `pointInside` insets in a scene) where it reaches past the bounds of the
    /// ancestor `node`: hit testing never asks the view there, whatever its touch area. The
    /// ancestor must hold the touch area (its extent along each axis where the point is out), or
    /// take those points itself.
    mutating func touchAreaOutside(_ node: Int, _ q: Point, stops: String) {
        let b = scene.views[node].geometry.bounds
        let area = box(of: view, in: node, touchArea: true)
        let n = DiagnosisFormat.number
        let child = name(view)
        let parent = name(node)
        var facts: [String] = []
        var needs: [String] = []
        if q.y < b.minY || q.y >= b.maxY {
            let from = min(b.minY, area.minY)
            let to = max(b.maxY, area.maxY)
            facts.append("\(child)'s touch area spans y = \(n(area.minY)) to \(n(area.maxY)), past \(parent)'s y = \(n(b.minY)) to \(n(b.maxY))")
            needs.append("at least \(n(to - from)) pt tall, from y = \(n(from))")
        }
        if q.x < b.minX || q.x >= b.maxX {
            let from = min(b.minX, area.minX)
            let to = max(b.maxX, area.maxX)
            facts.append("\(child)'s touch area spans x = \(n(area.minX)) to \(n(area.maxX)), past \(parent)'s x = \(n(b.minX)) to \(n(b.maxX))")
            needs.append("at least \(n(to - from)) pt wide, from x = \(n(from))")
        }
        add(
            Diagnosis.Cause(
                kind: .outsideSuperviewBounds, view: node, rule: .H4,
                detail: stops + ": the point is on \(child)'s enlarged touch area (H9) but not on its bounds; " + facts.joined(separator: "; ")),
            fix: "make \(parent) " + needs.joined(separator: " and ") + ", so that it holds \(child)'s touch area, or let \(parent)'s point(inside:with:) take the points of \(child)'s touch area (an enlarged touch area works only inside every ancestor's bounds)")
    }

    // MARK: - Answers elsewhere (H3, H8, R3) and overrides (H9)

    mutating func covered(by cover: Int, cover relation: Diagnosis.Cause.Cover, via: Int? = nil, answer: Int, at point: Point) {
        if relation.isOrder, let format = scene.origin?.format, Self.formatsInAccessibilityOrder.contains(format) {
            orderUnknown(cover, cover: relation, via: via, answer: answer, at: point)
            return
        }
        let at = DiagnosisFormat.point(point)
        let with = answer == cover ? "itself" : name(answer)
        let target = name(view)
        let detail: String
        let fix: String
        switch relation {
        case .frontWindow:
            let level = DiagnosisFormat.number(scene.views[cover].level)
            let own = DiagnosisFormat.number(scene.views[root].level)
            detail = "window \(name(cover)) (windowLevel \(level)) is in front of \(name(root)) (windowLevel \(own)) and answers the hit test at \(at) with \(with)"
            fix = "hide window \(name(cover)) when it is not in use (isHidden = true), give it a lower windowLevel than \(name(root)), or override its hitTest(_:with:) to return nil outside its content"
        case .laterSibling, .laterSiblingOfAncestor:
            let branch = via ?? view
            let whose = relation == .laterSibling ? "a later sibling of \(target)" : "a later sibling of \(name(branch)), which holds \(target)"
            detail = "\(name(cover)), \(whose) (in front in subviews, so asked first), answers the hit test at \(at) with \(with)"
            let passThrough = scene.views[cover].subviews.isEmpty
                ? "set \(name(cover)).isUserInteractionEnabled = false if it only draws"
                : "let touches through \(name(cover)): a hitTest(_:with:) override that returns nil for \(name(cover)) itself, or isUserInteractionEnabled = false if nothing in it takes touches"
            if let cell = cellContentView(cover, branch: branch) {
                // A cell's custom view added to the cell itself, behind its contentView: UIKit's
                // documented place for it is the contentView (UITableViewCell.contentView,
                // UICollectionViewCell.contentView), which is in front of the cell's other subviews.
                fix = "add \(name(branch)) to \(name(cover)), \(name(cell))'s contentView, instead of to \(name(cell)) itself (a cell's custom views belong in its contentView, which is in front of the cell's other subviews), or \(passThrough)"
            } else {
                fix = "move \(name(cover)) off \(target), bring \(name(branch)) in front of it (bringSubviewToFront(_:)), or \(passThrough)"
            }
        case .subview:
            detail = "\(name(cover)), inside \(target), takes the touch at \(at) itself (\(takesWhy(cover))), so it does not go on to \(target)"
            fix = "tap \(target) outside \(name(cover)), or set \(name(cover)).isUserInteractionEnabled = false if it should not take touches"
        case .viewController:
            let vc = scene.views[cover].viewController.map { scene.viewControllers[$0].id } ?? "?"
            detail = "view controller \(vc), whose view \(name(cover)) is inside \(target), handles the touch at \(at) and does not pass it on to \(target)"
            fix = "let \(vc) pass the touches on (call super in its touches methods)"
        }
        add(
            Diagnosis.Cause(kind: .coveredBy, view: cover, rule: relation.rule, detail: detail, cover: relation, via: via == view ? nil : via, answer: answer),
            fix: fix)
    }

    /// The import formats (`origin.format`) whose order of siblings and of windows is not the
    /// order of subviews and windows: XCUITest's debugDescription is the accessibility tree, and
    /// lists a container's elements in accessibility order (VoiceOver's reading order, top-left
    /// to bottom-right unless the app sets `accessibilityElements`), so a navigation bar comes
    /// before the full-screen content it is in front of (issue 24, fifth round).
    static let formatsInAccessibilityOrder: Set<String> = ["xcuitest"]

    /// H3, H8, what the scene cannot say: `cover`, listed after the view's branch (or window),
    /// answers the hit test at the point, in a scene whose order is accessibility order. Does
    /// not block: whether it is in front is not known.
    mutating func orderUnknown(_ cover: Int, cover relation: Diagnosis.Cause.Cover, via: Int?, answer: Int, at point: Point) {
        let with = answer == cover ? "itself" : name(answer)
        let branch = relation == .frontWindow ? root : (via ?? view)
        let holds = branch == view ? "" : ", which holds \(name(view)),"
        let listed = relation == .frontWindow ? "window \(name(cover)), listed after window \(name(root))\(holds)" : "\(name(cover)), listed after \(name(branch))\(holds)"
        let detail = "\(listed) answers the hit test at \(DiagnosisFormat.point(point)) with \(with) if it is in front: the scene comes from XCUITest's debugDescription, which lists elements in accessibility order (VoiceOver's reading order), not in the order of subviews and windows, so whether \(name(cover)) is in front is not known (\(relation.rule.rawValue))"
        let fix = "see which is in front in a recursiveDescription of the same screen (or Xcode's view debugger); if \(name(cover)) is, let touches through it (isUserInteractionEnabled = false if it only draws, or a hitTest(_:with:) override that returns nil for it) or bring \(name(branch)) in front of it"
        add(
            Diagnosis.Cause(kind: .orderUnknown, view: cover, rule: relation.rule, blocks: false, detail: detail, cover: relation, via: via == view ? nil : via, answer: answer),
            fix: fix)
    }

    /// The cell whose content view `cover` is, when `branch` (the view's branch) was added to the
    /// cell itself beside it: both are subviews of a `UITableViewCell` or `UICollectionViewCell`,
    /// and `cover` is its content view, or looks like one (``mayBeContentView(_:of:)``): it
    /// answers in front of `branch` either way, and the fix is the same.
    func cellContentView(_ cover: Int, branch: Int) -> Int? {
        guard let cell = scene.views[cover].parent, scene.views[branch].parent == cell, isCell(cell), mayBeContentView(cover, of: cell)
        else { return nil }
        return cell
    }

    func isCell(_ v: Int) -> Bool { scene.views[v].viewClass == .UITableViewCell || scene.views[v].viewClass == .UICollectionViewCell }

    /// Whether the scene says that `v`, a subview of `cell`, is the cell's content view: its class
    /// ends in `ContentView` (`UITableViewCellContentView`, as dumps and storyboards print it), or
    /// it is a plain view filling the cell that is named so (an id or accessibility identifier
    /// containing `contentView`, as the IB importer names a `<collectionViewCellContentView>`) or
    /// that is the first subview of a cell imported from Interface Builder (a xib or storyboard
    /// always writes a cell's content view, `key="contentView"`, as the cell's first view: 530
    /// cells of 530 in the corpus) or from a dump of the running app
    /// (``formatsWithEveryContentView``). A plain view filling a cell is otherwise only a lookalike:
    /// UICollectionViewCell's contentView is a plain UIView the size of the cell, and a view the
    /// app added to the cell itself can be one too (issue 24, third round).
    func isContentView(_ v: Int, of cell: Int) -> Bool {
        if scene.views[v].customClass?.hasSuffix("ContentView") == true { return true }
        guard fillsCell(v, cell) else { return false }
        let named = [scene.views[v].id, scene.views[v].accessibilityIdentifier ?? ""].contains { $0.lowercased().contains("contentview") }
        if named { return true }
        guard let format = scene.origin?.format, Self.formatsWithEveryContentView.contains(format) else { return false }
        return scene.views[cell].subviews.first == v
    }

    /// The import formats (`origin.format`) whose cells hold their content view as their first
    /// subview: Interface Builder's (the document writes it first), and the runtime dumps that
    /// list every subview of a live cell (`recursiveDescription`, Sentry's view hierarchy), where
    /// a collection cell's contentView prints as a plain `<UIView …>` filling the cell, first
    /// under it. In a dump the contentView is never missing, so nothing is unknown: were a view
    /// the app added to the cell itself listed first instead (a contentView made late, iOS 14),
    /// the real contentView is listed after it and the hit test finds it in front (`coveredBy`).
    static let formatsWithEveryContentView: Set<String> = ["xib", "storyboard", "recursive-description", "sentry-view-hierarchy"]

    /// Whether `v` is the cell's content view or a plain view that fills the cell as a
    /// collection view cell's content view does (the scene cannot tell them apart).
    func mayBeContentView(_ v: Int, of cell: Int) -> Bool { isContentView(v, of: cell) || fillsCell(v, cell) }

    /// A plain `UIView` (no custom class) whose frame covers the whole cell.
    func fillsCell(_ v: Int, _ cell: Int) -> Bool {
        guard scene.views[v].customClass == nil, scene.views[v].viewClass == .UIView, let fill = frame(of: v), let whole = frame(of: cell) else { return false }
        let tolerance = 0.5
        return fill.minX <= whole.minX + tolerance && fill.minY <= whole.minY + tolerance
            && fill.maxX >= whole.maxX - tolerance && fill.maxY >= whole.maxY - tolerance
    }

    /// H3, what the scene cannot say: `branch` (holding the view, or the view) is a subview of
    /// `cell` itself, and the scene holds no content view for the cell. UIKit gives every cell a
    /// contentView, and since iOS 14 it is in front of views added to the cell itself, where it
    /// takes their taps; a scene written from code that adds views to the cell leaves it out, and
    /// an XCUITest dump never lists it. Does not block: whether the view is really behind it is
    /// not known.
    mutating func contentViewUnknown(cell: Int, branch: Int) {
        let holds = branch == view ? "" : ", which holds \(name(view)),"
        let consequence = "UIKit gives every cell one, in front of the views added to the cell itself (iOS 14 and later), where it answers the hit test first — if \(name(branch)) was added with \(name(cell)).addSubview(_:), the contentView takes the tap"
        // A plain view filling the cell looks like a collection view cell's content view but is
        // not said to be one: it may be a view the app added to the cell itself (issue 24).
        let lookalike = fillsCell(branch, cell)
        let detail = lookalike
            ? "\(name(branch))\(holds) fills cell \(name(cell)) as a collection view cell's contentView does, but the scene does not say it is the contentView (a plain UIView, not named contentView, not the first view of a cell from Interface Builder or a dump): " + consequence
            : "\(name(branch))\(holds) is a subview of cell \(name(cell)) itself, and the scene holds no contentView for \(name(cell)): " + consequence
        let fix = lookalike
            ? "if \(name(branch)) is \(name(cell))'s contentView, nothing to change (give it an id containing contentView and this goes); if it was added with \(name(cell)).addSubview(_:), add it to \(name(cell)).contentView instead"
            : "add \(name(branch)) to \(name(cell)).contentView rather than to \(name(cell)) itself; if it is already there, put \(name(cell))'s contentView in the scene"
        add(Diagnosis.Cause(kind: .contentViewUnknown, view: cell, rule: .H3, blocks: false, detail: detail), fix: fix)
    }

    /// Why a view takes a touch itself (R3).
    func takesWhy(_ v: Int) -> String {
        if scene.views[v].control != nil { return "it is a \(scene.views[v].viewClass.rawValue)" }
        if scene.views[v].gestureRecognizers.contains(where: { $0.enabled }) { return "it has gesture recognizers" }
        switch scene.views[v].touches {
        case .handle: return "it handles touches without passing them on"
        case .handleAndForward: return "it handles touches"
        case .forward: return "its view controller handles touches"
        }
    }

    /// H9: a `hitTest(_:with:)` override answers something else.
    mutating func overridden(_ node: Int, _ how: HitTestOverride) {
        let detail: String
        let fix: String
        var answer: Int?
        let override: Diagnosis.Cause.Override
        switch how {
        case .passThroughSelf:
            override = .passThroughSelf
            detail = "\(name(node))'s hitTest(_:with:) returns nil where it would return \(name(node)) itself (passThroughSelf), and no subview of it takes the point: the touch passes through to the views behind"
            fix = "tap a subview of \(name(node)) that takes touches, or let \(name(node))'s hitTest(_:with:) return itself (the default)"
        case let .redirect(target):
            override = .redirect
            answer = target
            detail = "\(name(node))'s hitTest(_:with:) returns \(name(target)) where it would return \(name(node)) itself (redirectTo)"
            fix = "remove the redirect in \(name(node))'s hitTest(_:with:), or make \(name(target)) the view that handles the tap"
        case .capture:
            override = .capture
            detail = "\(name(node))'s hitTest(_:with:) returns \(name(node)) itself for every touch inside it (capture), so \(name(view)) never gets one"
            fix = "let \(name(node))'s hitTest(_:with:) return what its subviews answer (call super) for \(name(view))"
        case .default:
            return
        }
        add(Diagnosis.Cause(kind: .hitTestOverride, view: node, rule: .H9, detail: detail, answer: answer, override: override), fix: fix)
    }

    // MARK: - After hit testing (G2, G3, S1)

    /// G3: a recognizer on an ancestor recognized the tap and took the touch from `touched`.
    mutating func cancelled(by recognizer: GestureRecognizerRef, rule: RuleID, touched: Int, touchesCancelled: Bool) {
        let id = recognizer.id(in: scene)
        let kind: String
        switch recognizer.kind {
        case let .declared(position): kind = "a \(scene.views[recognizer.view].gestureRecognizers[position].kind.rawValue) recognizer"
        case .textInteraction: kind = "the text interaction"
        case .scrollPan: kind = "the scroll view's pan"
        case .scrollDelay: kind = "the scroll view's touch delay"
        }
        let what = touchesCancelled
            ? "cancels \(name(touched))'s touches (touchesCancelled)"
            : "takes the touch before \(name(touched)) gets touchesBegan (its held calls are dropped)"
        add(
            Diagnosis.Cause(
                kind: .gestureRecognizer, view: recognizer.view, rule: rule,
                detail: "\(id), \(kind) on \(name(recognizer.view)) with cancelsTouchesInView = true, recognizes the tap and \(what)",
                recognizer: recognizer),
            fix: "set \(id).cancelsTouchesInView = false, or make its delegate's gestureRecognizer(_:shouldReceive:) return false for touches in \(name(view))")
    }

    /// G7: the point is in the band at the bottom of the screen where the system's own gestures
    /// (the Home indicator, Control Center) are asked first, so touch-down can come late. The
    /// view's window is taken as the screen, as windows normally fill it; a window shorter or
    /// narrower than the smallest iPhone screen side (a dump's synthesized window around one cell)
    /// is not a screen, and says nothing.
    mutating func nearBottomScreenEdge(_ point: Point, window: Int) {
        let b = scene.views[window].geometry.bounds
        guard b.size.width >= Self.smallestScreenSide, b.size.height >= Self.smallestScreenSide else { return }
        let distance = b.maxY - point.y
        guard distance >= 0, distance < Self.systemGestureBand, point.x >= b.minX, point.x < b.maxX else { return }
        let n = DiagnosisFormat.number
        add(
            Diagnosis.Cause(
                kind: .systemGestureDelay, view: view, rule: .G7, blocks: false,
                detail: "\(DiagnosisFormat.point(point)) is \(n(distance)) pt from the bottom edge of window \(name(window)) (\(n(b.size.width))×\(n(b.size.height)), taken as the screen): there the system's screen-edge gestures (the Home indicator, Control Center) come first, and iOS can hold touchesBegan back while it decides, so touch-down and the highlight come late — the tap arrives"),
            fix: "override preferredScreenEdgesDeferringSystemGestures to return .bottom in the view controller that shows \(name(view)) (the system gesture then needs a second swipe), or move \(name(view)) up out of the bottom \(n(Self.systemGestureBand)) pt")
    }

    /// The band at the bottom of the screen where G7 says touch-down can come late. UIKit does
    /// not document its height: the delayed buttons of the reports measured sat in the bottom
    /// 40 to 50 pt, where bottom bars are, and a button 100 pt above the edge was not delayed
    /// (docs/why-not.md, "Reports nobody here had seen"); the band is a bar's height, 44 pt.
    static let systemGestureBand = 44.0
    /// The shortest side of an iPhone screen (320 pt): a window smaller than this is not a screen.
    static let smallestScreenSide = 320.0

    /// S1: the scroll view held `touchesBegan` back.
    mutating func delayed(by recognizer: GestureRecognizerRef) {
        let scroll = recognizer.view
        let delay = DiagnosisFormat.number(scene.options.scrollDelay)
        add(
            Diagnosis.Cause(
                kind: .scrollViewDelay, view: scroll, rule: .S1, blocks: false,
                detail: "\(name(scroll)) is a scroll view with delaysContentTouches = true: it holds touchesBegan back for \(delay) s, so a quick tap reaches \(name(view)) only at touch-up — the tap arrives, but no highlight shows while the finger is down",
                recognizer: recognizer),
            fix: "set \(name(scroll)).delaysContentTouches = false for an immediate highlight (the tap arrives either way)")
    }
}

/// The words of one axis in the "outside its superview's bounds" explanation.
struct OverflowWords {
    let coordinate: String
    /// How long the superview is along the axis: "tall", "wide".
    let extent: String
    /// A child past the far edge: "reaches down to", "reaches".
    let reaches: String
    /// Towards the near edge, and away from it.
    let back: String
    let on: String

    static let vertical = OverflowWords(coordinate: "y", extent: "tall", reaches: "reaches down to", back: "up", on: "down")
    static let horizontal = OverflowWords(coordinate: "x", extent: "wide", reaches: "reaches", back: "left", on: "right")
}
