import TouchTraceSolver

/// Every number UIKit's behaviour depends on, with its unit and the rule that defines it
/// (see docs/uikit-rules.md). Scenes can change the configurable ones through `options`.
public enum UIKitConstants {
    /// H1: a view whose alpha is below this (points of opacity, 0…1) is not hit. Exactly 0.01
    /// is hittable (decision; Apple says "less than 0.01").
    public static let minimumHittableAlpha = 0.01
    /// C5: points by which a tracking control's bounds grow when deciding "inside" (decision).
    public static let controlTrackingMargin = 70.0
    /// S1: seconds a scroll view waits before delivering touchesBegan to its content.
    public static let scrollViewTouchDelay = 0.15
    /// G3: points a finger may move before a tap recognizer fails (decision).
    public static let tapSlop = 10.0
    /// M3: seconds between one touch's end and the next touch's begin that still count as a
    /// multi-tap (decision).
    public static let multiTapInterval = 0.35
    /// M3: points between successive taps that still count as a multi-tap (decision).
    public static let multiTapRadius = 10.0
    /// G2: `UILongPressGestureRecognizer.minimumPressDuration`, seconds.
    public static let longPressDuration = 0.5
    /// G3: seconds a tap recognizer's finger may stay down before it fails (decision: as long
    /// as a long press's default `minimumPressDuration`, so a press is a tap or a long press).
    public static let tapMaximumDuration = 0.5
    /// G6: points a swipe must travel in its direction to recognize (decision).
    public static let swipeMinimumDistance = 50.0
    /// G6: seconds within which a swipe must travel that far, or it fails (decision).
    public static let swipeMaximumDuration = 0.5
    /// S5: `UIScrollView.DecelerationRate.normal`, the velocity kept per millisecond (0.998).
    public static let decelerationRateNormal = 0.998
    /// S5: `UIScrollView.DecelerationRate.fast` (0.99 per millisecond).
    public static let decelerationRateFast = 0.99
    /// S4: the rubber-band coefficient of `UIScrollView` dragged past an edge (0.55, as measured
    /// and used by UIKit reimplementations; Apple does not document it).
    public static let rubberBandCoefficient = 0.55
    /// S5: points of projected travel left below which a decelerating scroll view is at rest
    /// (decision: half a point, below a pixel of a 2× screen).
    public static let scrollRestDistance = 0.5
    /// S4, S6: seconds a scroll view takes to bounce back to an edge or to settle on a page
    /// (decision: the duration of `setContentOffset(_:animated:)`, about 0.3 s).
    public static let scrollAnimationDuration = 0.3
    /// S7: with `isDirectionalLockEnabled`, a drag locks to an axis when its movement across that
    /// axis is at most this fraction of its movement along it when scrolling begins (decision).
    public static let directionalLockRatio = 0.5
}

/// The solver's cooperative time budget, which the engine's loops check too.
public typealias WorkBudget = TouchTraceSolver.WorkBudget

/// Limits that protect the engine from hostile input. Passed in, never global.
///
/// Every stage whose work can grow faster than its input is bounded by one of these: counts a
/// scene may have (checked while it is decoded), and work a request may ask for (checked before
/// the work starts where the count is known, or counted as it goes where it is not). Past a limit
/// the answer is a 422 `scene-too-complex` problem that names the part and the limit
/// (``InputError/tooComplex(_:)``). docs/deploy.md lists each with the time and memory a request
/// at the limit costs (measured by `scripts/hostile.py bench`).
public struct SceneLimits: Sendable, Hashable {
    /// The deepest allowed view nesting (a window is depth 0).
    public var maxDepth: Int
    /// The most views (windows included) in one scene.
    public var maxViews: Int
    /// The most windows in one scene.
    public var maxWindows: Int
    /// The most arranged subviews of one stack view.
    public var maxArrangedSubviews: Int
    /// The most constraints a scene declares (its views' `constraints`, all of them).
    public var maxConstraints: Int
    /// The most gesture recognizers in one scene.
    public var maxGestureRecognizers: Int
    /// The most vertices of the custom touch areas (`pointInside` rects and polygons) of one scene.
    public var maxTouchAreaVertices: Int
    /// The most coefficients the Auto Layout tableau may hold (its memory: about 20 bytes each).
    public var maxSolverCells: Int
    /// The most units of work the effective hit regions of one request may take (a cell of the
    /// slab decomposition, a hit test's visit of a view, a pair of targets compared: one unit each).
    public var maxRegionWork: Int
    /// The most view visits the hit tests of one touches request may make, estimated before it
    /// runs as its touch entries times the scene's views (a hit test may visit every view).
    public var maxHitTestWork: Int
    /// The most steps the traces of one hit-test request may hold (each step is a view visited
    /// for a point, and is written in the answer).
    public var maxTraceSteps: Int
    /// The time budget of one request's work, checked cooperatively by the engine's loops
    /// (``WorkBudget``; the engine reads no clock, the transport's check does). Not part of the
    /// limits' equality: it is per request.
    public var budget: WorkBudget

    public init(
        maxDepth: Int = 1_000, maxViews: Int = 100_000, maxWindows: Int = 1_000, maxArrangedSubviews: Int = 20_000,
        maxConstraints: Int = 100_000, maxGestureRecognizers: Int = 10_000, maxTouchAreaVertices: Int = 100_000,
        maxSolverCells: Int = 4_000_000, maxRegionWork: Int = 5_000_000, maxHitTestWork: Int = 100_000_000,
        maxTraceSteps: Int = 2_000_000, budget: WorkBudget = .unlimited
    ) {
        self.maxDepth = maxDepth
        self.maxViews = maxViews
        self.maxWindows = maxWindows
        self.maxArrangedSubviews = maxArrangedSubviews
        self.maxConstraints = maxConstraints
        self.maxGestureRecognizers = maxGestureRecognizers
        self.maxTouchAreaVertices = maxTouchAreaVertices
        self.maxSolverCells = maxSolverCells
        self.maxRegionWork = maxRegionWork
        self.maxHitTestWork = maxHitTestWork
        self.maxTraceSteps = maxTraceSteps
        self.budget = budget
    }

    /// The counts, without the budget.
    private var counts: [Int] {
        [maxDepth, maxViews, maxWindows, maxArrangedSubviews, maxConstraints, maxGestureRecognizers, maxTouchAreaVertices,
         maxSolverCells, maxRegionWork, maxHitTestWork, maxTraceSteps]
    }

    public static func == (a: SceneLimits, b: SceneLimits) -> Bool { a.counts == b.counts }
    public func hash(into hasher: inout Hasher) { hasher.combine(counts) }

    /// The JSON nesting the parser allows for a scene document: enough for `maxDepth` views
    /// (two levels per view: the view object and its `subviews` array) and their fields.
    public var maxJSONNesting: Int { 2 * maxDepth + 64 }
}
