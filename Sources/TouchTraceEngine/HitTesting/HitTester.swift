/// UIKit's `hitTest(_:with:)` over a scene (rules H1–H10).
///
/// The recursion of UIKit's algorithm runs on an explicit stack, so a scene at the depth limit
/// cannot overflow the thread's stack. Visiting order, outcomes and the rule that decided each
/// step are those of UIKit's recursive `hitTest`.
public struct HitTester: Sendable {
    public let scene: Scene
    /// Windows front to back (rule H8): higher `level` first; within a level, later in the
    /// scene's list first.
    public let windowOrder: [Int]

    public init(scene: Scene) {
        self.scene = scene
        self.windowOrder = scene.windows.enumerated().sorted { a, b in
            let la = scene.views[a.element].level
            let lb = scene.views[b.element].level
            return la != lb ? la > lb : a.offset > b.offset
        }.map(\.element)
    }

    /// Hit-tests a point given in the coordinates of `window` (by default the front-most window),
    /// asking each window front to back (H8) until one returns a view.
    public func hitTest(_ point: Point, inWindow window: Int? = nil, traced: Bool = true) -> HitTestTrace {
        let order = windowOrder
        var steps: [HitTestTrace.Step] = []
        guard let reference = window ?? order.first else {
            return HitTestTrace(point: point, hitView: nil, window: nil, windowOrder: [], steps: [])
        }
        // Window coordinates → screen coordinates (the windows' common superview space).
        let screenPoint = scene.views[reference].geometry.convertToSuperview(point)
        for candidate in order {
            let local = scene.views[candidate].geometry.convertFromSuperview(screenPoint)
            if let hit = hitTest(view: candidate, localPoint: local, steps: &steps, traced: traced) {
                var trace = HitTestTrace(point: point, hitView: hit, window: candidate, windowOrder: order, steps: steps)
                if traced, scene.usesZPosition { trace.drawnOnTop = drawnOnTop(of: hit, in: candidate, screenPoint: screenPoint) }
                return trace
            }
        }
        return HitTestTrace(point: point, hitView: nil, window: nil, windowOrder: order, steps: steps)
    }

    private struct Frame {
        var view: Int
        var point: Point
        /// The next subview to ask, counting down from the front-most.
        var nextChild: Int
        var stepIndex: Int
    }

    /// UIKit's recursive `hitTest` for `view` with the point in its own coordinates, iteratively.
    public func hitTest(view root: Int, localPoint: Point?, steps: inout [HitTestTrace.Step], traced: Bool) -> Int? {
        var visits = 0
        return hitTest(view: root, localPoint: localPoint, steps: &steps, traced: traced, visits: &visits)
    }

    /// The same, adding to `visits` the number of views it visited (the work it took).
    public func hitTest(view root: Int, localPoint: Point?, steps: inout [HitTestTrace.Step], traced: Bool, visits: inout Int) -> Int? {
        var stack: [Frame] = []
        stack.reserveCapacity(32)
        // The view being entered and its point; nil when nothing is being entered.
        var entering: (view: Int, point: Point?)? = (root, localPoint)
        while true {
            if let (view, point) = entering {
                entering = nil
                visits += scene.views[view].pointInside.testCost  // a view with a polygon costs its vertices
                if let frame = enter(view, point, &steps, traced) {
                    stack.append(frame)
                }
                // A rejected view returns nil to its parent, which goes on to the next subview.
            }
            guard let top = stack.last else { return nil }
            if top.nextChild >= 0 {
                let child = scene.views[top.view].subviews[top.nextChild]
                stack[stack.count - 1].nextChild -= 1
                entering = (child, scene.views[child].geometry.convertFromSuperview(top.point))
                continue
            }
            // No subview answered: the default result is the view itself (H3).
            var result = finish(stack.removeLast(), defaultResult: top.view, &steps, traced)
            // Pass a non-nil answer up: every ancestor on the stack finishes with it (H3).
            while let answer = result, let parent = stack.popLast() {
                result = finish(parent, defaultResult: answer, &steps, traced)
            }
            if let answer = result { return answer }
            if stack.isEmpty { return nil }
        }
    }

    /// Checks a view before its subviews (H1, H5, H10, H7, H2/H9). Returns the frame to descend into,
    /// or nil when the view rejects the point.
    private func enter(_ view: Int, _ point: Point?, _ steps: inout [HitTestTrace.Step], _ traced: Bool) -> Frame? {
        // Fields are read in place: copying a whole `ViewNode` would retain every reference it holds.
        func reject(_ reason: HitTestTrace.Rejection, _ rule: RuleID) -> Frame? {
            if traced {
                steps.append(HitTestTrace.Step(view: Int32(view), point: point, outcome: .rejected, reason: reason, rule: rule, result: -1))
            }
            return nil
        }
        guard let point else { return reject(.nonInvertibleTransform, .H5) }
        // Hidden, isUserInteractionEnabled false, alpha below 0.01 (H1, H6), or a running animation
        // that switches touches off (H10, as `isUserInteractionEnabled = false`): one flag, kept
        // by the view's properties; which of them it is is worked out only for a rejected view.
        if scene.views[view].touchesOff {
            let (reason, rule) = scene.views[view].touchesOffReason
            return reject(reason, rule)
        }
        if scene.views[view].control?.enabled == false { return reject(.disabledControl, .H7) }
        let inside: Bool
        let isDefaultArea: Bool
        switch scene.views[view].pointInside {
        case .bounds:
            inside = scene.views[view].geometry.bounds.contains(point)
            isDefaultArea = true
        case let area:
            inside = area.contains(point, bounds: scene.views[view].geometry.bounds)
            isDefaultArea = false
        }
        if !inside {
            return isDefaultArea ? reject(.outside, .H2) : reject(.pointInsideOverride, .H9)
        }
        let stepIndex = steps.count
        if traced {
            steps.append(HitTestTrace.Step(view: Int32(view), point: point, outcome: .descend, reason: nil, rule: .H3, result: -1))
        }
        return Frame(view: view, point: point, nextChild: scene.views[view].subviews.count - 1, stepIndex: stepIndex)
    }

    /// Applies the view's `hitTest` override (H9) to its default result and records the step.
    private func finish(_ frame: Frame, defaultResult: Int, _ steps: inout [HitTestTrace.Step], _ traced: Bool) -> Int? {
        let view = frame.view
        let isSelf = defaultResult == view
        var result: Int? = defaultResult
        var rule: RuleID = .H3
        switch scene.views[view].hitTest {
        case .default: break
        case .passThroughSelf:
            if isSelf {
                result = nil
                rule = .H9
            }
        case .capture:
            result = view
            if !isSelf { rule = .H9 }
        case let .redirect(target):
            if isSelf {
                result = target
                rule = .H9
            }
        }
        if traced {
            steps[frame.stepIndex].outcome = result == nil ? .rejected : (isSelf ? .hit : .descend)
            if result == nil { steps[frame.stepIndex].reason = .hitTestOverride }
            steps[frame.stepIndex].rule = rule
            steps[frame.stepIndex].result = Int32(result ?? -1)
        }
        return result
    }
}
