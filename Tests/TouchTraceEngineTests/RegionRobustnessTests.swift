import Testing
import TestSupport
import TouchTraceEngine

/// Hostile and degenerate scenes: regions, the audit, warnings and their JSON never trap, and
/// stay sound (no region outside the windows, areas finite, never negative).
@Suite struct RegionRobustnessTests {
    static let scenes: [String] = [
        // Huge coordinates and scales, a zero scale, a zero-size window.
        #"""
        {"windows": [{"id": "w", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "subviews": [
          {"id": "far", "class": "UIButton", "frame": {"x": 1e300, "y": -1e300, "width": 1e300, "height": 44}},
          {"id": "huge", "class": "UIButton", "frame": {"x": 10, "y": 10, "width": 44, "height": 44}, "transform": {"scaleX": 1e200, "scaleY": 1e200}},
          {"id": "flat", "class": "UIButton", "frame": {"x": 10, "y": 100, "width": 44, "height": 44}, "transform": {"scaleX": 0, "scaleY": 1}},
          {"id": "tiny", "class": "UIButton", "frame": {"x": 10, "y": 200, "width": 1e-12, "height": 1e-12}, "pointInside": {"shape": "circle"}},
          {"id": "sheared", "class": "UIButton", "frame": {"x": 100, "y": 300, "width": 44, "height": 44}, "transform": {"a": 1, "b": 0, "c": 3, "d": 1, "tx": 0, "ty": 0}},
          {"id": "bigCircle", "class": "UIButton", "frame": {"x": 0, "y": 400, "width": 2000, "height": 2000}, "pointInside": {"shape": "circle"}},
          {"id": "spiky", "class": "UIButton", "frame": {"x": 50, "y": 500, "width": 100, "height": 100},
           "pointInside": {"shape": "polygon", "points": [{"x": 0, "y": 0}, {"x": 100, "y": 100}, {"x": 100, "y": 0}, {"x": 0, "y": 100}]}}]},
          {"id": "empty", "level": 1}]}
        """#,
        // A front-most window that cannot be inverted maps every point to one.
        #"""
        {"windows": [{"id": "back", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "subviews": [
          {"id": "b", "class": "UIButton", "frame": {"x": 0, "y": 0, "width": 44, "height": 44}}]},
          {"id": "front", "level": 5, "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "transform": {"scaleX": 0, "scaleY": 0}}]}
        """#,
    ]

    @Test(arguments: scenes.indices)
    func hostileScenes(_ index: Int) throws {
        let scene = try SceneDecoder().decode(bytes: Array(Self.scenes[index].utf8)).laidOut()
        try Self.exercise(scene)
    }

    /// A chain of 60 nested buttons, each 1 pt larger than its child on every side: every region
    /// is the 1-pt frame around its child (R3).
    @Test func deepChain() async throws {
        try await offPool {
            var json = #"{"id": "b59", "class": "UIButton", "frame": {"x": 1, "y": 1, "width": 2, "height": 2}}"#
            for k in stride(from: 58, through: 0, by: -1) {
                let size = 2 + 2 * (59 - k)
                json = #"{"id": "b\#(k)", "class": "UIButton", "frame": {"x": 1, "y": 1, "width": \#(size), "height": \#(size)}, "subviews": [\#(json)]}"#
            }
            let scene = try SceneDecoder().decode(bytes: Array(#"{"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 200, "height": 200}, "subviews": [\#(json)]}}"#.utf8)).laidOut()
            let map = HitRegionMap(scene: scene)
            for k in [0, 30, 58] {
                let size = Double(2 + 2 * (59 - k))
                let region = map.region(of: scene.viewIndex("b\(k)")!)
                #expect(region.area == size * size - (size - 2) * (size - 2), "b\(k)")
                #expect(region.blockers.first?.relation == .covered(.subview))
            }
            try Self.exercise(scene)
        }
    }

    static func exercise(_ scene: Scene) throws {
        let map = HitRegionMap(scene: scene)
        for v in 0..<scene.views.count {
            let region = map.region(of: v)
            #expect(region.area.isFinite && region.area >= 0, "\(scene.views[v].id)")
            #expect(region.touchArea.isFinite && region.touchArea >= 0, "\(scene.views[v].id)")
            _ = JSONWriter().bytes(region.json(in: scene))
        }
        for profile in [TouchTargetProfile.apple44, .wcag258] {
            let report = SceneAudit.run(map, options: AuditOptions(profile: profile))
            _ = ResponseEncoder.bytes(report)
            _ = report.text
        }
        _ = scene.warnings(map: map, pointers: ViewPointers(scene: scene, windowsKey: .windows))
    }
}
