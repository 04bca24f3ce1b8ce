import Testing
import TestSupport
import TouchTraceEngine

/// Exact areas of effective hit regions for hand-made cases, each against a formula: overlapping
/// siblings (H3), a window in front (H8), a 45° rotation (H5) and clipping by the superview
/// (H4), circles (H9, within the curve tolerance), gesture views (G1); and the largest inscribed
/// rectangle against a brute force.
@Suite struct RegionAreaTests {
    static func scene(_ json: String) throws -> Scene {
        try SceneDecoder().decode(bytes: Array(json.utf8)).laidOut()
    }

    static func region(_ id: String, in scene: Scene) -> HitRegion {
        HitRegionMap(scene: scene).region(of: scene.viewIndex(id)!)
    }

    static func rect(_ r: Rect) -> String {
        #"{"x": \#(r.minX), "y": \#(r.minY), "width": \#(r.size.width), "height": \#(r.size.height)}"#
    }

    /// A button and a later sibling on top of it, at random integral places: the region's area is
    /// the button's minus the overlap, the blocker is the sibling with the overlap's area, and the
    /// largest rectangle is the best of every rectangle with sides on the two rectangles' edges.
    @Test(arguments: Array(UInt64(1)...UInt64(12)))
    func overlappingSiblings(seed: UInt64) throws {
        var g = SplitMix64(state: seed)
        let a = Rect(x: Double(g.int(0...50)), y: Double(g.int(0...50)), width: Double(g.int(20...120)), height: Double(g.int(20...120)))
        let b = Rect(x: Double(g.int(0...150)), y: Double(g.int(0...150)), width: Double(g.int(10...90)), height: Double(g.int(10...90)))
        let scene = try Self.scene(#"""
            {"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 300, "height": 300}, "subviews": [
              {"id": "button", "class": "UIButton", "frame": \#(Self.rect(a))},
              {"id": "banner", "frame": \#(Self.rect(b))}]}}
            """#)
        let region = Self.region("button", in: scene)
        let ox = max(0, min(a.maxX, b.maxX) - max(a.minX, b.minX))
        let oy = max(0, min(a.maxY, b.maxY) - max(a.minY, b.minY))
        let overlap = ox * oy
        #expect(region.area == a.size.width * a.size.height - overlap, "seed \(seed)")
        #expect(region.touchArea == a.size.width * a.size.height)
        if overlap > 0 {
            #expect(region.blockers.count == 1)
            #expect(region.blockers.first?.relation == .covered(.laterSibling))
            #expect(region.blockers.first?.view == scene.viewIndex("banner"))
            #expect(region.blockers.first?.area == overlap)
        } else {
            #expect(region.blockers.isEmpty)
        }
        // Brute force: every rectangle whose sides lie on the edges of a and b, inside a, not
        // overlapping b.
        let xs = Set([a.minX, a.maxX, b.minX, b.maxX].filter { $0 >= a.minX && $0 <= a.maxX }).sorted()
        let ys = Set([a.minY, a.maxY, b.minY, b.maxY].filter { $0 >= a.minY && $0 <= a.maxY }).sorted()
        var best = 0.0
        for (i, x0) in xs.enumerated() {
            for x1 in xs[(i + 1)...] {
                for (j, y0) in ys.enumerated() {
                    for y1 in ys[(j + 1)...] {
                        let overlaps = min(x1, b.maxX) > max(x0, b.minX) && min(y1, b.maxY) > max(y0, b.minY)
                        if !overlaps { best = max(best, (x1 - x0) * (y1 - y0)) }
                    }
                }
            }
        }
        let found = region.largestRectangle.map { $0.width * $0.height } ?? 0
        #expect(found == best, "seed \(seed): largest rectangle \(found), brute force \(best)")
    }

    /// A window in front (H8) covers its overlap with the button; passing through (H9), none.
    @Test(arguments: [false, true])
    func frontWindow(passesThrough: Bool) throws {
        let button = Rect(x: 50, y: 50, width: 80, height: 80)
        let front = Rect(x: 90, y: 60, width: 100, height: 100)
        let scene = try Self.scene(#"""
            {"windows": [
              {"id": "main", "frame": {"x": 0, "y": 0, "width": 300, "height": 300}, "subviews": [
                {"id": "button", "class": "UIButton", "frame": \#(Self.rect(button))}]},
              {"id": "alert", "level": 2000, "frame": \#(Self.rect(front))\#(passesThrough ? #", "hitTest": "passThroughSelf""# : "")}]}
            """#)
        let region = Self.region("button", in: scene)
        let overlap = (button.maxX - front.minX) * (button.maxY - front.minY)
        #expect(region.area == (passesThrough ? 6_400 : 6_400 - overlap))
        if !passesThrough {
            #expect(region.blockers.first?.relation == .covered(.frontWindow))
            #expect(region.blockers.first?.view == scene.viewIndex("alert"))
            #expect(region.blockers.first?.area == overlap)
        }
    }

    /// A square rotated by 45° keeps its area and measures its own side (H5); centred on its
    /// superview's right edge, half of it is outside (H4).
    @Test(arguments: [20.0, 40.0, 44.0])
    func rotated45(side: Double) throws {
        let scene = try Self.scene(#"""
            {"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 300, "height": 300}, "subviews": [
              {"id": "free", "class": "UIButton", "frame": {"x": 100, "y": 100, "width": \#(side), "height": \#(side)}, "transform": {"rotation": 45}},
              {"id": "panel", "frame": {"x": 0, "y": 200, "width": 150, "height": 100}, "subviews": [
                {"id": "edge", "class": "UIButton", "frame": {"x": \#(150 - side / 2), "y": \#(50 - side / 2), "width": \#(side), "height": \#(side)}, "transform": {"rotation": 45}}]}]}}
            """#)
        let free = Self.region("free", in: scene)
        #expect(abs(free.area - side * side) < 1e-9 * side * side)
        #expect(abs((free.largestRectangle?.width ?? 0) - side) < 1e-9)
        #expect(abs((free.largestRectangle?.height ?? 0) - side) < 1e-9)
        // The region's corners are the rotated square's: on the axes through its centre.
        let centre = Point(x: 100 + side / 2, y: 100 + side / 2)
        let half = side / 2 * 2.0.squareRoot()
        let corners = free.polygons.joined()
        for expected in [Point(x: centre.x, y: centre.y - half), Point(x: centre.x + half, y: centre.y)] {
            #expect(corners.contains { abs($0.x - expected.x) < 1e-9 && abs($0.y - expected.y) < 1e-9 })
        }
        let edge = Self.region("edge", in: scene)
        #expect(abs(edge.area - side * side / 2) < 1e-9 * side * side)
        #expect(edge.blockers.first?.relation == .outsideAncestor)
        #expect(edge.blockers.first?.view == scene.viewIndex("panel"))
        #expect(abs((edge.blockers.first?.area ?? 0) - side * side / 2) < 1e-9 * side * side)
    }

    /// A circle's region is its polygon: within the tolerance along its perimeter of π r², never
    /// more; a later sibling over its right half leaves half. Its largest rectangle is close to
    /// the inscribed square (side r√2).
    @Test(arguments: [10.0, 30.0, 120.0])
    func circle(radius r: Double) throws {
        let d = 2 * r
        let scene = try Self.scene(#"""
            {"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 600, "height": 600}, "subviews": [
              {"id": "round", "class": "UIButton", "frame": {"x": 10, "y": 10, "width": \#(d), "height": \#(d)}, "pointInside": {"shape": "circle"}},
              {"id": "halved", "class": "UIButton", "frame": {"x": 10, "y": \#(d + 20), "width": \#(d), "height": \#(d)}, "pointInside": {"shape": "circle"}},
              {"id": "cover", "frame": {"x": \#(10 + r), "y": \#(d + 20), "width": \#(d), "height": \#(d)}}]}}
            """#)
        let exact = Double.pi * r * r
        let slack = TouchTargetConstants.regionTolerance * 2 * Double.pi * r
        let round = Self.region("round", in: scene)
        #expect(round.area <= exact)
        #expect(round.area >= exact - slack, "r \(r): \(round.area) vs π r² \(exact)")
        let halved = Self.region("halved", in: scene)
        #expect(abs(halved.area - round.area / 2) < 1e-6 * exact)
        // The largest rectangle in a circle is the square of side r√2, area 2r²; the best fit for
        // a square minimum is that square. The polygon lies between the circle and the circle of
        // radius r − tolerance, so its square lies between theirs.
        let inner = r - TouchTargetConstants.regionTolerance
        let found = round.largestRectangle.map { $0.width * $0.height } ?? 0
        #expect(found <= 2 * r * r * (1 + 1e-9))
        #expect(found >= 2 * inner * inner * (1 - 1e-9), "r \(r): largest rectangle \(found) vs 2r² \(2 * r * r)")
        let fit = round.bestRectangle(for: Size(width: 4 * r, height: 4 * r)).map { min($0.width, $0.height) } ?? 0
        #expect(fit <= r * 2.0.squareRoot() * (1 + 1e-9))
        #expect(fit >= inner * 2.0.squareRoot() * (1 - 1e-9), "r \(r): best square \(fit) vs r√2 \(r * 2.0.squareRoot())")
    }

    /// A right triangle (a polygon touch area, H9): area ab/2; its largest rectangle is a/2 × b/2.
    @Test(arguments: [(40.0, 40.0), (60.0, 30.0), (100.0, 20.0)])
    func triangle(a: Double, b: Double) throws {
        let scene = try Self.scene(#"""
            {"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 300, "height": 300}, "subviews": [
              {"id": "t", "class": "UIButton", "frame": {"x": 20, "y": 20, "width": \#(a), "height": \#(b)},
               "pointInside": {"shape": "polygon", "points": [{"x": 0, "y": 0}, {"x": \#(a), "y": 0}, {"x": 0, "y": \#(b)}]}}]}}
            """#)
        let region = Self.region("t", in: scene)
        #expect(abs(region.area - a * b / 2) < 1e-9 * a * b)
        let found = region.largestRectangle.map { $0.width * $0.height } ?? 0
        #expect(found <= a * b / 4 * (1 + 1e-9))
        #expect(found >= a * b / 4 * 0.9999, "\(a)×\(b): \(found) vs \(a * b / 4)")
    }

    /// A control's region leaves out a control inside it (R3); a gesture view's region holds its
    /// whole subtree (G1); a plain view's region is where no subview takes the touch first.
    @Test func gestureViewsAndNestedControls() throws {
        let scene = try Self.scene(#"""
            {"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 300, "height": 300}, "subviews": [
              {"id": "cell", "frame": {"x": 0, "y": 0, "width": 200, "height": 100},
               "gestureRecognizers": [{"id": "cellTap", "type": "tap"}], "subviews": [
                {"id": "row", "class": "UIControl", "frame": {"x": 0, "y": 0, "width": 200, "height": 50}, "subviews": [
                  {"id": "toggle", "class": "UISwitch", "frame": {"x": 140, "y": 10, "width": 50, "height": 30}}]},
                {"id": "label", "class": "UILabel", "frame": {"x": 0, "y": 60, "width": 100, "height": 30}}]},
              {"id": "plain", "frame": {"x": 0, "y": 150, "width": 100, "height": 100}, "subviews": [
                {"id": "inner", "class": "UIButton", "frame": {"x": 0, "y": 0, "width": 40, "height": 40}}]}]}}
            """#)
        #expect(Self.region("cell", in: scene).area == 200 * 100)
        #expect(Self.region("row", in: scene).area == 200 * 50 - 50 * 30)
        let row = Self.region("row", in: scene)
        #expect(row.blockers.first?.relation == .covered(.subview))
        #expect(row.blockers.first?.view == scene.viewIndex("toggle"))
        #expect(Self.region("toggle", in: scene).area == 50 * 30)
        #expect(Self.region("plain", in: scene).area == 100 * 100 - 40 * 40)
        #expect(Self.region("label", in: scene).area == 0)
        #expect(Self.region("label", in: scene).unreachable?.reason == .userInteractionDisabled)
    }

    /// The JSON form of a region: the pieces as polygons in window coordinates, the largest
    /// rectangle's corners, and each blocker with where it is and what it is.
    @Test func jsonForm() throws {
        let scene = try Self.scene(#"""
            {"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "subviews": [
              {"id": "payButton", "class": "UIButton", "frame": {"x": 173, "y": 700, "width": 44, "height": 44}},
              {"id": "couponBanner", "frame": {"x": 0, "y": 720, "width": 390, "height": 60}}]}}
            """#)
        let region = Self.region("payButton", in: scene)
        let json = region.json(in: scene)
        let square: (Double, Double, Double, Double) -> JSONValue = { x0, y0, x1, y1 in
            .array([
                .obj(["x": .number(x0), "y": .number(y0)]), .obj(["x": .number(x1), "y": .number(y0)]),
                .obj(["x": .number(x1), "y": .number(y1)]), .obj(["x": .number(x0), "y": .number(y1)]),
            ])
        }
        #expect(json["polygons"] == .array([square(173, 700, 217, 720)]))
        #expect(json["area"] == .number(44 * 20))
        #expect(json["size"] == .obj(["width": 44, "height": 20]))
        #expect(json["largestRectangle"]?["corners"] == square(173, 700, 217, 720))
        #expect(json["touchArea"] == .obj(["area": .number(44 * 44), "size": .obj(["width": 44, "height": 44])]))
        guard case let .array(covered)? = json["coveredBy"], let first = covered.first else {
            Issue.record("no coveredBy")
            return
        }
        #expect(first["view"] == "couponBanner")
        #expect(first["relation"] == "laterSibling")
        #expect(first["where"] == "its lower 24 pt")
        #expect(first["description"] == "covered by couponBanner, a later sibling")
        #expect(first["polygons"] == .array([square(173, 720, 217, 744)]))
        #expect(json["unreachable"] == nil)
    }
}
