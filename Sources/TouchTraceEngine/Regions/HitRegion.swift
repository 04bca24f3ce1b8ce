/// The effective hit region of a view: every window point whose hit test (rules H1–H10) ends in
/// the view, or in a subview that does not take the touch itself, so that the touch reaches the
/// view (R1, R3) — or, for a view with gesture recognizers, every point whose hit view is in its
/// subtree, since recognizers on the hit view's ancestors see the touch too (G1).
///
/// The region is a set of trapezoids in the view's own axes (``axes``: rectangles for a view
/// whose neighbours are aligned with it), exact up to the curves' tolerance
/// (`TouchTargetConstants.regionTolerance`). The parts of the view's own touch area that the
/// touch does not reach are listed in ``blockers``: who covers them, or what clips them.
public struct HitRegion: Sendable {
    /// How a touch counts as reaching the view.
    public enum Reach: String, Sendable {
        /// Up the responder chain from the hit view, the first view that takes touches (a
        /// control, a view whose `touches` is `handle` or `handleAndForward`, a view with
        /// gesture recognizers) is the one the touch reaches (R1, R3); a view that takes none
        /// is reached where no subview takes the touch first.
        case responderChain
        /// The view has enabled gesture recognizers: they see every touch whose hit view is the
        /// view or a descendant (G1).
        case gestureRecognizers
    }

    public var view: Int
    public var reach: Reach
    /// The frame the pieces are in: the view's x axis is horizontal in it.
    public var axes: RegionAxes
    /// The region, as trapezoids in ``axes`` (no two overlap).
    public var pieces: [Trapezoid]
    /// The region's area, in square window points.
    public var area: Double
    /// The view's own touch area (`point(inside:)`, H2/H9) as trapezoids in ``axes``, and its area.
    public var touchAreaPieces: [Trapezoid]
    public var touchArea: Double
    /// Parts of the touch area the touch does not reach, largest first.
    public var blockers: [RegionBlocker]
    /// Why hit testing can never reach the view itself, if it cannot.
    public var unreachable: Unreachability?
    /// The largest rectangle (by area) inside the region, in the view's axes.
    public var largestRectangle: InscribedRectangle?
    /// The largest rectangle inside the touch area.
    public var touchAreaRectangle: InscribedRectangle?

    /// Whether the region is empty (less than `TouchTargetConstants.negligibleArea`).
    public var isEmpty: Bool { area < TouchTargetConstants.negligibleArea }

    /// The pieces in window coordinates (of the front-most window), each as its four corners
    /// clockwise on screen from the top-left of the piece in the view's axes.
    public var polygons: [[Point]] { pieces.map { $0.corners.map(axes.toWindow) } }

    /// The bounding box of the region in window coordinates.
    public var boundingBox: Rect? { Rect.bounding(polygons.joined()) }

    /// Whether a window point is in the region (on a piece's border counts).
    public func contains(_ point: Point) -> Bool {
        let q = axes.fromWindow(point)
        return pieces.contains { $0.contains(q) }
    }
}

/// A rectangle inside a region, measured along the view's own axes in window points (a 44×44
/// button rotated by 30° measures 44×44; scaled by 0.5, 22×22).
public struct InscribedRectangle: Sendable, Hashable {
    /// The rectangle in the region's ``HitRegion/axes``.
    public var rect: Rect
    public var axes: RegionAxes
    public var width: Double { rect.size.width }
    public var height: Double { rect.size.height }
    /// Its corners in window coordinates, clockwise on screen.
    public var corners: [Point] { rect.corners.map(axes.toWindow) }
}

/// A part of a view's touch area that the touch does not reach, and why.
public struct RegionBlocker: Sendable, Hashable {
    /// Why the touch does not reach the view there: the diagnosis's words where it has them (a
    /// covering view is ``Diagnosis/Cause/Cover``, a state that rules the view out is
    /// ``Unreachability/Reason``), and the region's own for the rest.
    public enum Relation: Sendable, Hashable {
        /// Hit testing answers elsewhere first (H3, H8, R3): a later sibling of the view or of an
        /// ancestor (``RegionBlocker/via`` is that ancestor), a window in front, a subview that
        /// takes the touch, or a view controller up the chain (R1, R3).
        case covered(Diagnosis.Cause.Cover)
        /// The view, or an ancestor, can never be visited (H1, H5, H7), or is in no window.
        case unreachable(Unreachability.Reason)
        /// An ancestor's `hitTest` returns the ancestor itself (H9 capture).
        case capturedByAncestor
        /// The view's `hitTest` returns another view there (H9 redirect).
        case redirected
        /// The view's `hitTest` returns nil where it would return itself (H9 pass-through).
        case passesThrough
        /// The part lies outside an ancestor's touch area, which rejects it first (H4).
        case outsideAncestor
        /// The hit test ends somewhere the other relations do not describe.
        case elsewhere

        /// Its name in JSON (`coveredBy[].relation`) and in pictures (`data-relation`): the
        /// cover's or the reason's own name, or the case's.
        public var name: String {
            switch self {
            case let .covered(cover): return cover.rawValue
            case let .unreachable(reason): return reason.rawValue
            case .capturedByAncestor: return "capturedByAncestor"
            case .redirected: return "redirected"
            case .passesThrough: return "passesThrough"
            case .outsideAncestor: return "outsideAncestor"
            case .elsewhere: return "elsewhere"
            }
        }

        /// The rule that decides it.
        var rule: RuleID {
            switch self {
            case let .covered(cover): return cover.rule
            case let .unreachable(reason): return reason.rule
            case .capturedByAncestor, .redirected, .passesThrough: return .H9
            case .outsideAncestor: return .H4
            case .elsewhere: return .H3
            }
        }
    }

    public var relation: Relation
    /// The view that blocks: the answering later sibling, front window, subview or ancestor, the
    /// redirect target, the clipping ancestor, or the view whose state it is. Nil when a view
    /// controller takes the touch (see ``viewController``) or nothing answers.
    public var view: Int?
    /// For `laterSiblingOfAncestor`: the ancestor whose later sibling answers.
    public var via: Int?
    /// For `viewController`: the view controller's index.
    public var viewController: Int?
    /// The blocked area, in square window points.
    public var area: Double
    /// The bounding box of the blocked part, in the region's axes.
    public var extent: Rect
    /// The blocked part, as trapezoids in the region's axes.
    public var pieces: [Trapezoid]
    /// The rule that decides it.
    public var rule: RuleID { relation.rule }
}
