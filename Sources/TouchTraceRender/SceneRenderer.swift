import TouchTraceEngine

/// Draws a scene as an SVG picture: every view's frame where UIKit puts it, and over it what a
/// request asks about — touch points with their hit paths, effective hit regions with the parts
/// other views cover, audit findings — with a legend that says it in words.
///
/// The picture is deterministic (the same scene and request give the same bytes: numbers in one
/// format, everything in document order) and well-formed XML. Its space is the front-most
/// window's coordinates (``RenderLayout``), the ones hit tests and regions use.
///
/// ```swift
/// let prepared = PreparedScene(try SceneDecoder().decode(bytes: json), limits: limits)
/// let svg = try SceneRenderer.svg(RenderRequest(points: [Point(x: 100, y: 300)], regions: true), in: prepared, limits: limits)
/// ```
public enum SceneRenderer {
    /// Renders `prepared` (after the request's `changes`, if any) as SVG bytes. Throws
    /// `InputError.invalidRequest` for a window that is not one, an allow-list naming an unknown
    /// view, or changes that cannot be applied; and for a scene whose geometry is not known
    /// (``UnknownGeometry``: the picture would be empty), at its `/origin/format` under
    /// `pointerBase` (`/scene` for a scene inline in a request).
    public static func svg(_ request: RenderRequest, in prepared: PreparedScene, limits: SceneLimits, pointerBase: String = "") throws(InputError) -> [UInt8] {
        if let unknown = try prepared.unknownGeometry(after: request.changes, limits: limits) {
            throw unknown.refusal(at: pointerBase + "/origin/format", "where each view is drawn (and where a tap, a region or a finding goes)")
        }
        let picture = try Picture(request, in: prepared, limits: limits)
        return picture.svg()
    }
}

/// What one picture shows, computed before anything is written.
struct Picture {
    var request: RenderRequest
    var scene: Scene
    var layout: RenderLayout
    /// One per requested point, in order.
    var probes: [Probe] = []
    /// Effective regions to shade, in document order (with `regions`).
    var regions: [HitRegion] = []
    var audit: AuditReport?
    /// Numbered findings, as the text report lists them: findings, then allowed ones.
    var findings: [(finding: AuditFinding, allowedBecause: String?)] = []

    /// A requested point: where it is in the picture, the hit test there, and what a tap there sends.
    struct Probe {
        var point: Point
        /// The point in picture space (the same unless the request names another window).
        var position: Point
        var trace: HitTestTrace
        /// The views that passed the hit view up, window first, then the hit view.
        var path: [Int]
        /// The actions a tap there sends, in order.
        var actions: [SentAction]
        /// The tap's control events, in order.
        var controlEvents: [(control: String, event: String)]
    }

    init(_ request: RenderRequest, in prepared: PreparedScene, limits: SceneLimits) throws(InputError) {
        self.request = request
        let hitRequest = HitTestRequest(points: request.points, single: false, window: request.window, changes: request.changes)
        let hits = try TouchTrace.hitTest(hitRequest, in: prepared, limits: limits)
        let (scene, traces) = (hits.scene, hits.traces)
        self.scene = scene
        layout = RenderLayout(scene: scene)
        let limit = layout.growthLimit

        for (point, trace) in zip(request.points, traces) {
            let tap = TouchRequest(
                steps: [
                    .touch(TouchSample(touch: 1, phase: .began, point: point, time: 0)),
                    .touch(TouchSample(touch: 1, phase: .ended, point: point, time: TouchRequest.tapDuration)),
                ],
                window: request.window, changes: request.changes)
            let response = try TouchTrace.touches(tap, in: prepared, limits: limits)
            let position = pictureSpace(point)
            probes.append(Probe(
                point: point, position: position, trace: trace, path: Self.path(of: trace), actions: response.actions,
                controlEvents: response.controlEvents.map { (response.scene.views[$0.control].id, $0.event) }))
            layout.include(Rect(origin: position, size: .zero), limit: limit)
        }

        guard request.regions || request.audit != nil else { return }
        let map = HitRegionMap(scene: scene, limits: limits)
        if let options = request.audit {
            var problems: [SceneProblem] = []
            for (i, entry) in options.allow.enumerated() where scene.viewIndex(entry.view) == nil {
                problems.append(SceneProblem(
                    pointer: "/audit/allow/\(i)/view", message: "the allow-list names \"\(entry.view)\", which is not a view of the scene"))
            }
            if !problems.isEmpty { throw .invalidRequest(problems) }
            let report = SceneAudit.run(map, options: options)
            audit = report
            findings = report.findings.map { ($0, nil) } + report.allowed.map { ($0.finding, $0.reason) }
            for entry in findings {
                if let box = layout.box(of: entry.finding.view) { layout.include(box, limit: limit) }
            }
            if request.regions { regions = report.targets.map(\.region) }
        } else {
            regions = map.targets.map { map.region(of: $0) }
        }
        // Regions past the request's work limit are unfinished: no picture of them.
        if map.work.exceeded, !limits.budget.isExhausted { throw .tooComplex([map.work.problem]) }
        regions.removeAll { region in
            guard let box = layout.box(of: region.view) else { return true }
            return !box.intersects(layout.canvas)
        }
    }

    /// A point in the request's window's coordinates, in picture space (the front-most window's).
    func pictureSpace(_ point: Point) -> Point {
        guard let name = request.window, let window = scene.viewIndex(name), let reference = layout.reference, window != reference else {
            return point
        }
        let screen = scene.views[window].geometry.convertToSuperview(point)
        return scene.views[reference].geometry.convertFromSuperview(screen) ?? point
    }

    /// The hit path: every view whose `hitTest` returned the hit view (the window first), then
    /// the hit view itself when no step shows it (a redirect, H9).
    static func path(of trace: HitTestTrace) -> [Int] {
        guard let hit = trace.hitView else { return [] }
        var path: [Int] = []
        for step in trace.steps where step.outcome != .rejected && Int(step.result) == hit && !path.contains(Int(step.view)) {
            path.append(Int(step.view))
        }
        if path.last != hit { path.append(hit) }
        return path
    }
}
