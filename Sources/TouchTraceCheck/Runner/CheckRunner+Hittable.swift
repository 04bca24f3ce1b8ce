import TouchTraceEngine

extension CheckRunner {
    /// `assertNotHittable`: no point of the window reaches the view (its effective hit region is
    /// empty), or — with `at` — the touch at that point of the view does not reach it; and the
    /// reason, when given, is the one the trace and the regions give.
    func notHittable(_ a: NotHittableAssertion, step: CheckStep, state: inout SceneState, into report: inout StepReport) throws {
        let scene = try state.scene(limits: limits)
        let map = try state.map(limits: limits, work: regionWork)
        guard let v = scene.viewIndex(a.view) else {
            throw StepProblem.unknown(a.pointer, "\"\(a.view)\" is not a view of the scene" + scene.didYouMean(a.view, among: IDSuggestion.isView))
        }
        if let by = a.by, scene.ids[by] == nil {
            throw StepProblem.unknown(a.pointer + "/by", "\"\(by)\" is not an id of the scene" + scene.didYouMean(by))
        }
        let region = map.region(of: v)
        var reason: (NotHittableReason, by: Int?, sentence: String)
        if let at = a.at {
            let window = try Self.referenceWindow(step, in: scene)
            let p = try Self.point(.view(a.view, at: at), in: scene, window: window, pointer: a.pointer + "/at")
            let trace = map.tester.hitTest(p, inWindow: window)
            report.evidence = .obj(["point": p.json, "hitTest": ResponseEncoder.json(trace, in: scene), "region": region.json(in: scene)])
            if let hit = trace.hitView, map.touch(hitting: hit, reaches: v) {
                report.failures.append(Failure(
                    expectation: "assertNotHittable", pointer: a.pointer, location: nil,
                    message: "expected \(a.view) not to be hittable at \(Measure.point(p)), but the touch there reaches it (hit view \(scene.views[hit].id))",
                    explanation: HitExplanation.lines(expected: nil, trace: trace, point: p, scene: scene), expected: "notHittable", actual: "hittable"))
                return
            }
            reason = Self.reason(at: p, of: v, hit: trace.hitView, region: region, map: map)
        } else {
            report.evidence = .obj(["region": region.json(in: scene)])
            if !region.isEmpty {
                let sample = region.largestRectangle.map { r in
                    let c = r.corners
                    return Point(x: c.map(\.x).reduce(0, +) / Double(c.count), y: c.map(\.y).reduce(0, +) / Double(c.count))
                }
                let size = region.largestRectangle.map { " (its largest rectangle \(Measure.format($0.width))×\(Measure.format($0.height)) pt)" } ?? ""
                report.failures.append(Failure(
                    expectation: "assertNotHittable", pointer: a.pointer, location: nil,
                    message: "expected \(a.view) not to be hittable, but its effective hit region is \(Measure.format(region.area)) pt²\(size)"
                        + (sample.map { "; a touch at \(Measure.point($0)) reaches it" } ?? ""),
                    explanation: [], expected: "notHittable", actual: "hittable"))
                return
            }
            reason = Self.reason(of: v, region: region, map: map)
        }
        let byID = reason.by.map { scene.views[$0].id }
        var wrong: [String] = []
        if let want = a.reason, want != reason.0 { wrong.append("reason \(want.rawValue)") }
        if let want = a.by, want != byID { wrong.append("by \(want)") }
        if wrong.isEmpty {
            report.notes.append("\(a.view) is not hittable: \(reason.sentence)")
            return
        }
        let pointer = a.reason != nil && a.reason != reason.0 ? a.pointer + "/reason" : a.pointer + "/by"
        report.failures.append(Failure(
            expectation: "assertNotHittable", pointer: pointer, location: nil,
            message: "\(a.view) is not hittable, but not for the " + wrong.joined(separator: " and ") + ": it is \(reason.0.rawValue)" + (byID.map { " (by \($0))" } ?? "") + ": \(reason.sentence)",
            explanation: [], expected: .obj(["reason": .string(orNull: a.reason?.rawValue), "by": .string(orNull: a.by)]),
            actual: .obj(["reason": .string(reason.0.rawValue), "by": .string(orNull: byID)])))
        if a.reason != nil { report.updates.append(ValueUpdate(pointer: a.pointer + "/reason", value: .string(reason.0.rawValue))) }
        if a.by != nil, let byID { report.updates.append(ValueUpdate(pointer: a.pointer + "/by", value: .string(byID))) }
    }

    /// The frames (window coordinates) of the view and of the one responsible, for a sentence:
    /// `; logout at (20, 760, 353×50), Banner at (0, 740, 393×112)`.
    static func frames(_ v: Int, by: Int?, in scene: Scene) -> String {
        let views = [v] + (by.map { $0 == v ? [] : [$0] } ?? [])
        return "; " + views.map { "\(scene.views[$0].id) at \(DiagnosisFormat.rect(scene.windowFrame(of: $0)))" }.joined(separator: ", ")
    }

    /// Why an empty region is empty: the view can never be visited, its touch area is empty, or
    /// the largest blocker; the sentence ends with the frames of the view and of the one
    /// responsible (a clipping ancestor 0 pt tall says so).
    static func reason(of v: Int, region: HitRegion, map: HitRegionMap) -> (NotHittableReason, by: Int?, sentence: String) {
        let scene = map.scene
        if let u = region.unreachable { return (NotHittableReason(u.reason), u.view, "it is " + u.phrase(of: v, in: scene) + frames(v, by: u.view, in: scene)) }
        guard region.touchArea >= TouchTargetConstants.negligibleArea, let blocker = region.blockers.first else {
            return (.emptyTouchArea, nil, "its touch area is empty (H2, H9)" + frames(v, by: nil, in: scene))
        }
        let box = region.touchAreaBox ?? blocker.extent
        return (NotHittableReason(blocker.relation), blocker.view, blocker.sentence(of: v, in: scene, touchBox: box, touchArea: region.touchArea) + frames(v, by: blocker.view, in: scene))
    }

    /// Why the touch at `p` does not reach the view (`hit` is where the trace ended).
    static func reason(at p: Point, of v: Int, hit: Int?, region: HitRegion, map: HitRegionMap) -> (NotHittableReason, by: Int?, sentence: String) {
        let scene = map.scene
        if let u = region.unreachable { return (NotHittableReason(u.reason), u.view, "it is " + u.phrase(of: v, in: scene)) }
        let q = region.axes.fromWindow(p)
        if !region.touchAreaPieces.contains(where: { $0.contains(q) }) {
            return (.outsideTouchArea, nil, "\(Measure.point(p)) is outside its touch area (H2)")
        }
        if let blocker = region.blockers.first(where: { $0.pieces.contains { $0.contains(q) } }) {
            return (NotHittableReason(blocker.relation), blocker.view, "at \(Measure.point(p)) it is " + blocker.phrase(of: v, in: scene))
        }
        // No blocked part holds the point (it lies on a part's edge): the trace says where it went.
        return (.hitElsewhere, hit, "at \(Measure.point(p)) it is " + (hit.map { "hit by \(scene.views[$0].id) instead" } ?? "hit by nothing"))
    }
}
