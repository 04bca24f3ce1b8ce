import Testing
import TestSupport
import TouchTraceEngine

/// The effective hit regions agree with brute-force hit testing: random scenes with transforms
/// (rotations, scales, translations), overlaps, `pointInside` shapes (H9), views reaching out
/// of their superviews (H4), scrolled bounds (H5), hidden, transparent, non-interactive and
/// disabled views (H1, H6, H7), `hitTest` overrides (H9), gesture recognizers (G1), views that
/// handle touches (R3) and a second window in front (H8). For every view, at every point of a
/// fine grid that is not within 0.02 pt of an outline edge (where a curve and its polygon may
/// differ by the 0.01 pt tolerance), the point is in the view's region exactly when the hit test
/// there reaches the view. A failure prints the seed, the view and the point.
@Suite struct RegionRandomizedTests {
    static let seeds: [UInt64] = Array(1...24)

    @Test(arguments: seeds)
    func regionsAgreeWithHitTesting(seed: UInt64) throws {
        var g = SplitMix64(state: seed &* 0x9E37_79B9)
        let document = RandomRegionScene.make(&g)
        let scene = try SceneDecoder().decode(document).laidOut()
        let map = HitRegionMap(scene: scene)
        let regions = (0..<scene.views.count).map { map.region(of: $0) }
        let edges = RandomRegionScene.edges(of: regions)

        // The grid, with each point's hit view; a disagreement counts only away from every edge.
        var checked = 0
        var failures = 0
        var y = -19.87
        while y < 260 {
            var x = -19.61
            while x < 330 {
                let p = Point(x: x, y: y)
                let hit = map.tester.hitTest(p, traced: false).hitView
                for (v, region) in regions.enumerated() {
                    let expected = hit.map { map.touch(hitting: $0, reaches: v) } ?? false
                    guard region.contains(p) != expected else { continue }
                    if edges.contains(where: { RandomRegionScene.distance(p, $0) < 0.02 }) { continue }
                    failures += 1
                    if failures <= 5 {
                        Issue.record(
                            "seed \(seed): view \(scene.views[v].id) at (\(p.x), \(p.y)): hit view \(hit.map { scene.views[$0].id } ?? "nil"), region says \(!expected), hit testing says \(expected)")
                    }
                }
                checked += 1
                x += 3.1
            }
            y += 2.9
        }
        #expect(checked > 10_000)

        let redirected = scene.views.contains { if case .redirect = $0.hitTest { true } else { false } }
        for (v, region) in regions.enumerated() {
            // The pieces' areas add up to the region's area; without redirects into the view, the
            // region and the blocked parts add up to the touch area (within the curves' tolerance
            // along the outline: a curve's sliver may fall on either side).
            let sum = region.pieces.reduce(0) { $0 + $1.area }
            #expect(abs(sum - region.area) <= 1e-6 * max(1, region.area), "seed \(seed): \(scene.views[v].id) pieces")
            guard !redirected, region.unreachable == nil else { continue }
            let blocked = region.blockers.reduce(0) { $0 + $1.area }
            let box = Rect.boundingBox(of: region.touchAreaPieces)
            let slack = 1e-6 * max(1, region.touchArea) + TouchTargetConstants.regionTolerance * 2 * (box.size.width + box.size.height)
            #expect(
                abs(region.area + blocked - region.touchArea) <= slack,
                "seed \(seed): \(scene.views[v].id): region \(region.area) + blocked \(blocked) != touch area \(region.touchArea)")
        }
    }
}

extension Rect {
    static func boundingBox(of pieces: [Trapezoid]) -> Rect {
        guard let first = pieces.first?.boundingBox else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return pieces.dropFirst().reduce(first) { r, p in
            let b = p.boundingBox
            let x0 = min(r.minX, b.minX), y0 = min(r.minY, b.minY)
            return Rect(x: x0, y: y0, width: max(r.maxX, b.maxX) - x0, height: max(r.maxY, b.maxY) - y0)
        }
    }
}

/// Random scenes for the region tests, built as scene documents.
enum RandomRegionScene {
    static func double(_ g: inout SplitMix64, _ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(g.next() >> 11) / Double(1 << 53)
    }

    static func make(_ g: inout SplitMix64) -> JSONValue {
        var count = 0
        var ids: [String] = []
        func view(depth: Int, width: Double, height: Double, _ g: inout SplitMix64) -> JSONValue {
            count += 1
            let id = "v\(count)"
            ids.append(id)
            let w = double(&g, 8...max(9, width * 0.8))
            let h = double(&g, 8...max(9, height * 0.8))
            // Some views reach out of their superview (H4).
            let x = double(&g, -10...max(-9, width - w + 10)).rounded()
            let yy = double(&g, -10...max(-9, height - h + 10)).rounded()
            var members: [(key: String, value: JSONValue)] = [
                ("id", .string(id)),
                ("frame", .obj(["x": .number(x), "y": .number(yy), "width": .number(w.rounded()), "height": .number(h.rounded())])),
            ]
            let classRoll = g.int(0...9)
            let cls = classRoll < 3 ? "UIButton" : classRoll == 3 ? "UIControl" : classRoll == 4 ? "UILabel" : "UIView"
            if cls != "UIView" { members.append(("class", .string(cls))) }
            if cls == "UILabel", g.int(0...1) == 0 { members.append(("userInteractionEnabled", true)) }
            switch g.int(0...9) {
            case 0: members.append(("transform", .obj(["rotation": .number(Double(g.pick([45, 90, 30, -20, 180])))])))
            case 1: members.append(("transform", .obj(["rotation": .number(double(&g, -60...60)), "scaleX": .number(double(&g, 0.6...1.4)), "scaleY": .number(double(&g, 0.6...1.4))])))
            case 2: members.append(("transform", .obj(["scaleX": 0.5, "scaleY": 0.5, "translateX": .number(double(&g, -8...8))])))
            default: break
            }
            switch g.int(0...13) {
            case 0: members.append(("pointInside", .obj(["shape": "circle"])))
            case 1: members.append(("pointInside", .obj(["shape": "roundedRect", "cornerRadius": .number(double(&g, 2...12))])))
            case 2: members.append(("pointInside", .obj(["shape": "insets", "top": -6, "left": -4, "bottom": 3, "right": -8])))
            case 3:
                members.append(("pointInside", .obj(["shape": "rects", "rects": .array([
                    .obj(["x": 0, "y": 0, "width": .number((w / 2).rounded()), "height": .number((h / 2).rounded())]),
                    .obj(["x": .number((w / 3).rounded()), "y": .number((h / 3).rounded()), "width": .number((w / 2).rounded()), "height": .number((h / 2).rounded())]),
                ])])))
            case 4:
                members.append(("pointInside", .obj(["shape": "polygon", "points": .array([
                    .obj(["x": 0, "y": 0]), .obj(["x": .number(w.rounded()), "y": .number((h / 3).rounded())]),
                    .obj(["x": .number((w / 4).rounded()), "y": .number(h.rounded())]),
                ])])))
            case 5: members.append(("pointInside", .obj(["shape": "never"])))
            default: break
            }
            switch g.int(0...19) {
            case 0: members.append(("hidden", true))
            case 1: members.append(("alpha", .number(g.pick([0, 0.005, 0.01]))))
            case 2: members.append(("userInteractionEnabled", false))
            case 3 where cls == "UIButton": members.append(("control", .obj(["enabled": false])))
            case 4: members.append(("hitTest", "passThroughSelf"))
            case 5: members.append(("hitTest", "capture"))
            case 6: members.append(("touches", "handle"))
            case 7: members.append(("gestureRecognizers", .array([.obj(["id": .string(id + ".tap"), "type": "tap"])])))
            case 8: members.append(("bounds", .obj(["x": .number(double(&g, -15...15).rounded()), "y": .number(double(&g, -15...15).rounded()), "width": .number(w.rounded()), "height": .number(h.rounded())])))
            default: break
            }
            if depth < 3 {
                let children = g.int(0...(depth == 0 ? 4 : 3))
                if children > 0 {
                    members.append(("subviews", .array((0..<children).map { _ in view(depth: depth + 1, width: w, height: h, &g) })))
                }
            }
            return .object(members)
        }

        let main: JSONValue = .obj([
            "id": "main", "frame": .obj(["x": 0, "y": 0, "width": 300, "height": 240]),
            "subviews": .array((0..<g.int(2...4)).map { _ in view(depth: 0, width: 300, height: 240, &g) }),
        ])
        var windows = [main]
        if g.int(0...2) > 0 {
            var front: [(key: String, value: JSONValue)] = [
                ("id", "front"), ("level", .number(Double(g.pick([0, 1, 2000])))),
                ("frame", .obj(["x": .number(double(&g, 0...60).rounded()), "y": .number(double(&g, 0...60).rounded()), "width": 160, "height": 120])),
                ("subviews", .array((0..<g.int(1...2)).map { _ in view(depth: 1, width: 160, height: 120, &g) })),
            ]
            if g.int(0...1) == 0 { front.append(("hitTest", "passThroughSelf")) }
            windows.append(.object(front))
        }
        // A redirect or two to random views (H9).
        var document: JSONValue = .obj(["windows": .array(windows)])
        if g.int(0...2) == 0, ids.count > 2 {
            let from = g.pick(ids)
            let to = g.pick(ids)
            document = addRedirect(document, from: from, to: to)
        }
        return document
    }

    /// The document with `"hitTest": {"redirectTo": to}` on view `from`.
    static func addRedirect(_ value: JSONValue, from: String, to: String) -> JSONValue {
        switch value {
        case let .object(members):
            var out = members.map { (key: $0.key, value: addRedirect($0.value, from: from, to: to)) }
            if value["id"] == .string(from) {
                out.removeAll { $0.key == "hitTest" }
                out.append((key: "hitTest", value: .obj(["redirectTo": .string(to)])))
            }
            return .object(out)
        case let .array(items): return .array(items.map { addRedirect($0, from: from, to: to) })
        default: return value
        }
    }

    /// Every outline edge of every view in window coordinates, from the regions' own polygons of
    /// each view's touch area (a circle's polygon is within 0.01 pt of the circle).
    static func edges(of regions: [HitRegion]) -> [(Point, Point)] {
        var list: [(Point, Point)] = []
        for region in regions {
            for piece in region.touchAreaPieces {
                let c = piece.corners.map(region.axes.toWindow)
                for i in 0..<4 { list.append((c[i], c[(i + 1) % 4])) }
            }
        }
        return list
    }

    static func distance(_ p: Point, _ s: (Point, Point)) -> Double {
        let (a, b) = s
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        var t = length2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2 : 0
        t = min(1, max(0, t))
        let ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y
        return (ex * ex + ey * ey).squareRoot()
    }
}
