import Foundation
import Testing
import TestSupport
import TouchTraceEngine
import TouchTraceRender

/// What every picture must get right, checked on seeded random scenes against the engine
/// itself rather than against recorded bytes: each view drawn once where H5 puts it, ghosts
/// exactly the hidden and transparent subtrees (H1), each point's hit view and path those of
/// the hit test, shaded regions reachable, findings numbered as the text report, text escaped.
@Suite struct SceneRendererTests {
    static let seeds: [UInt64] = Array(1...16)

    struct Rendered {
        var scene: Scene
        var svg: SVGDocument
        var bytes: [UInt8]
    }

    static func render(_ document: JSONValue, _ request: RenderRequest) throws -> Rendered {
        let scene = try SceneDecoder().decode(document)
        let prepared = PreparedScene(scene, limits: defaultLimits)
        let bytes = try SceneRenderer.svg(request, in: prepared, limits: defaultLimits)
        return Rendered(scene: prepared.laidOut, svg: try SVGDocument(bytes), bytes: bytes)
    }

    /// Bounds corners → front-most window coordinates, through `convertToSuperview` (H5) up to
    /// the screen and back into the front-most window: an independent route to the picture space.
    static func windowCorners(of v: Int, in scene: Scene) -> [Point]? {
        let front = HitTester(scene: scene).windowOrder.first!
        let b = scene.views[v].geometry.bounds
        var points = [Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.maxX, y: b.maxY), Point(x: b.minX, y: b.maxY)]
        var u = v
        while true {
            points = points.map { scene.views[u].geometry.convertToSuperview($0) }
            guard let parent = scene.views[u].parent else { break }
            u = parent
        }
        let converted = points.map { scene.views[front].geometry.convertFromSuperview($0) }
        guard converted.allSatisfy({ $0 != nil }) else { return nil }
        return converted.map { $0! }
    }

    /// The corners an element draws: a `rect`'s four, or a `polygon`'s points.
    static func drawnCorners(_ e: SVGDocument.Element) -> [Point] {
        func n(_ key: String) -> Double { Double(e.attributes[key] ?? "") ?? .nan }
        if e.name == "rect" {
            let (x, y, w, h) = (n("x"), n("y"), n("width"), n("height"))
            return [Point(x: x, y: y), Point(x: x + w, y: y), Point(x: x + w, y: y + h), Point(x: x, y: y + h)]
        }
        return (e.attributes["points"] ?? "").split(separator: " ").map { pair in
            let xy = pair.split(separator: ",").map { Double($0) ?? .nan }
            return Point(x: xy[0], y: xy[1])
        }
    }

    static func close(_ a: [Point], _ b: [Point], tolerance: Double = 0.011) -> Bool {
        if a.count != b.count { return false }
        // A rect lists its corners from the top-left; the bounds' first corner may be another
        // one after a rotation, so compare as sets.
        return a.allSatisfy { p in b.contains { abs($0.x - p.x) <= tolerance && abs($0.y - p.y) <= tolerance } }
    }

    @Test(arguments: seeds)
    func viewsAreDrawnOnceWhereUIKitPutsThemAndGhostsAreTheHiddenSubtrees(seed: UInt64) throws {
        let r = try Self.render(RandomScenes.scene(seed: seed), RenderRequest())
        let elements = r.svg.elements(classed: "tt-view")
        var seen: Set<String> = []
        for element in elements {
            let id = try #require(element.attributes["data-view"])
            #expect(seen.insert(id).inserted, "seed \(seed): \(id) is drawn twice")
            let v = try #require(r.scene.viewIndex(id))
            // H1: hidden or alpha < 0.01, the view or an ancestor.
            var ghost = false
            var u: Int? = v
            while let w = u {
                ghost = ghost || r.scene.views[w].hidden || r.scene.views[w].alpha < 0.01
                u = r.scene.views[w].parent
            }
            #expect(element.classes.contains("tt-ghost") == ghost, "seed \(seed): \(id) ghost should be \(ghost)")
            let frame = try #require(element.children.first { $0.classes.contains("tt-frame") })
            if let expected = Self.windowCorners(of: v, in: r.scene) {
                #expect(Self.close(Self.drawnCorners(frame), expected), "seed \(seed): \(id) drawn at \(Self.drawnCorners(frame)), expected \(expected)")
            }
        }
        // Every window is drawn; every view in a window that is not drawn lies off the picture.
        for w in r.scene.windows { #expect(seen.contains(r.scene.views[w].id)) }
        #expect(!seen.isEmpty)
    }

    @Test(arguments: seeds)
    func pointsShowTheHitTestsHitViewAndPath(seed: UInt64) throws {
        let points = RandomScenes.points(seed: seed, count: 6)
        let r = try Self.render(RandomScenes.scene(seed: seed), RenderRequest(points: points))
        let tester = HitTester(scene: r.scene)
        let probes = r.svg.elements(classed: "tt-probe")
        #expect(probes.count == points.count)
        for (point, probe) in zip(points, probes) {
            let trace = tester.hitTest(point)
            #expect(probe.attributes["data-hit-view"] == trace.hitView.map { r.scene.views[$0].id }, "seed \(seed) at \(point)")
            let path = probe.children.filter { $0.classes.contains("tt-path") }.compactMap { $0.attributes["data-view"] }
            // No hitTest overrides in these scenes: the path is the hit view's ancestors, window first.
            var expected: [String] = []
            var u = trace.hitView
            while let v = u {
                expected.insert(r.scene.views[v].id, at: 0)
                u = r.scene.views[v].parent
            }
            #expect(path == expected, "seed \(seed) at \(point): path \(path), expected \(expected)")
            let hit = probe.children.filter { $0.classes.contains("tt-hit") }.compactMap { $0.attributes["data-view"] }
            #expect(hit == (trace.hitView.map { [r.scene.views[$0].id] } ?? []))
        }
    }

    /// A region is shaded exactly where a touch reaches its view: on a grid of points over the
    /// picture (away from the drawn outlines, which are rounded to 0.01 pt), a point is inside
    /// the shading when, and only when, the hit test there ends in a view whose touch reaches it
    /// (the region map's reach rule: the responder chain, or gesture recognizers, G1).
    @Test(arguments: seeds)
    func regionsAreShadedExactlyWhereTouchesReachTheView(seed: UInt64) throws {
        let r = try Self.render(RandomScenes.scene(seed: seed), RenderRequest(regions: true))
        let map = HitRegionMap(scene: r.scene)
        let tester = HitTester(scene: r.scene)
        // The grid covers the whole picture (its viewBox): with several windows, the front-most
        // one's coordinates can put other windows' regions at negative positions.
        let box = (r.svg.rootElement.attributes["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) }
        try #require(box.count == 4)
        let step = 7.0, columns = Int(box[2] / step) + 1, rows = Int(box[3] / step) + 1
        var inside = 0
        for group in r.svg.elements(classed: "tt-region") {
            let v = try #require(group.attributes["data-view"].flatMap(r.scene.viewIndex))
            #expect(map.targets.contains(v))
            let polygons = group.children.filter { $0.classes.contains("tt-reach") }.flatMap { Self.pieces($0.attributes["d"] ?? "") }
            for gx in 0..<columns {
                for gy in 0..<rows {
                    let p = Point(x: box[0] + 0.63 + Double(gx) * step, y: box[1] + 0.63 + Double(gy) * step)
                    guard let shaded = Self.contains(polygons, p, margin: 0.05) else { continue }
                    let reaches = tester.hitViewIndex(at: p).map { map.touch(hitting: $0, reaches: v) } ?? false
                    #expect(shaded == reaches, "seed \(seed): \(p) is \(shaded ? "" : "not ")shaded for \(r.scene.views[v].id)")
                    if shaded { inside += 1 }
                }
            }
        }
        // Every target with a reachable region of some size is drawn with it.
        let drawn = Set(r.svg.elements(classed: "tt-region").compactMap { $0.attributes["data-view"] })
        for v in map.targets where map.region(of: v).area > 1 {
            #expect(drawn.contains(r.scene.views[v].id), "seed \(seed): \(r.scene.views[v].id)'s region is not drawn")
        }
        #expect(inside > 0 || map.targets.allSatisfy { map.region(of: $0).area < 100 }, "seed \(seed): some shaded point was checked")
    }

    /// Whether `p` is inside one of the convex polygons; nil when it is within `margin` of an edge.
    static func contains(_ polygons: [[Point]], _ p: Point, margin: Double) -> Bool? {
        var result = false
        for polygon in polygons where polygon.count >= 3 {
            var positive = true, negative = true
            for i in 0..<polygon.count {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                guard length > 1e-9 else { continue }
                let cross = ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / length
                let t = ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / (length * length)
                if abs(cross) < margin, t > -0.01, t < 1.01 { return nil }
                if cross < 0 { positive = false }
                if cross > 0 { negative = false }
            }
            if positive || negative { result = true }
        }
        return result
    }

    @Test(arguments: seeds)
    func findingsAreNumberedAsTheTextReport(seed: UInt64) throws {
        let document = RandomScenes.scene(seed: seed)
        let r = try Self.render(document, RenderRequest(audit: AuditOptions(profile: .apple44)))
        let report = SceneAudit.run(HitRegionMap(scene: r.scene), options: AuditOptions(profile: .apple44))
        let lines = report.text.isEmpty ? [] : report.text.components(separatedBy: "\n")
        let marks = r.svg.elements(classed: "tt-finding-mark")
        #expect(marks.map { $0.children.first { $0.name == "title" }?.text ?? "" } == lines.enumerated().map { "\($0.offset + 1). \($0.element)" })
        #expect(marks.map { $0.attributes["data-number"] ?? "" } == (0..<lines.count).map { String($0 + 1) })
        // The legend says the same lines (wrapped): its text holds each one's words in order.
        let legend = r.svg.elements(classed: "tt-legend").first?.children.filter { $0.name == "text" }.map(\.text).joined(separator: " ") ?? ""
        for (i, line) in lines.enumerated() {
            let squashed = legend.split(separator: " ").joined(separator: " ")
            #expect(squashed.contains("\(i + 1). " + line.split(separator: " ").joined(separator: " ")), "seed \(seed): legend line \(i + 1)")
        }
    }

    @Test(arguments: seeds)
    func sameInputSameBytesAndTextIsEscaped(seed: UInt64) throws {
        let document = RandomScenes.scene(seed: seed)
        let request = RenderRequest(points: RandomScenes.points(seed: seed, count: 3), regions: true, audit: AuditOptions(profile: .wcag258))
        let first = try Self.render(document, request)
        let second = try Self.render(document, request)
        #expect(first.bytes == second.bytes)
        // Text comes back as it was, control characters as spaces (XML 1.0 has no place for them).
        for element in first.svg.elements(classed: "tt-view") {
            let v = try #require(element.attributes["data-view"].flatMap(first.scene.viewIndex))
            guard let text = first.scene.views[v].text else { continue }
            let title = element.children.first { $0.name == "title" }?.text ?? ""
            let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 && $0 != "\t" ? " " : $0 }))
            #expect(title.contains("\u{201C}\(cleaned)\u{201D}"), "seed \(seed): \(title)")
        }
        #expect(first.svg.rootElement.children.first { $0.name == "title" }?.text == "random \(seed) <&> — TouchTrace")
    }

    /// The centres of a path's closed polygons (`M…L…Z`).
    static func pieces(_ d: String) -> [[Point]] {
        d.split(separator: "M").map { polygon in
            polygon.replacingOccurrences(of: "Z", with: "").split(separator: "L").compactMap { pair -> Point? in
                let xy = pair.trimmingCharacters(in: .whitespaces).split(separator: ",").compactMap { Double($0) }
                return xy.count == 2 ? Point(x: xy[0], y: xy[1]) : nil
            }
        }
    }

    static func area(_ polygon: [Point]) -> Double {
        var sum = 0.0
        for i in 0..<polygon.count {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            sum += a.x * b.y - b.x * a.y
        }
        return abs(sum) / 2
    }
}
