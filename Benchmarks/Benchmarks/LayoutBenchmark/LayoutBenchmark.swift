// Layout benchmarks: engine time of rotating a portrait window (390×844) to landscape (844×390)
// in autoresizing scenes of 1,000 and 10,000 views, as `Scene.applying(_:)` does it for a
// request with `changes` (the initial layout cycle, the resize with its autoresizing cascade
// (L5), and the update cycle with its trace (L2, L3, L4)), and the same plus the response JSON
// as `POST …/layout` returns it, through `JSONValue` and `JSONWriter` or written directly. Scenes are generated and decoded before measuring.
import Benchmark
import TouchTraceEngine

/// A deterministic table-like scene of exactly `viewCount` views: a window, a view
/// controller's root view (flexible width and height), a header (flexible width), a footer
/// (flexible width, flexible top margin) and cells of 6 views: the cell (flexible width), an
/// icon (no mask), a title and a subtitle (flexible width), an accessory button (flexible left
/// margin) holding a badge (no mask). Leftover views become 1-pt separators (flexible width).
struct RotationScene {
    static let chrome = 4
    static let cellViews = 6
    let scene: Scene
    let request: LayoutRequest

    init(viewCount: Int) {
        func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> JSONValue { Rect(x: x, y: y, width: w, height: h).json }
        func mask(_ names: String...) -> JSONValue { .array(names.map { .string($0) }) }
        var rows: [JSONValue] = [
            .obj(["id": "header", "frame": frame(0, 0, 390, 44), "autoresizingMask": mask("flexibleWidth")]),
            .obj(["id": "footer", "frame": frame(0, 800, 390, 44), "autoresizingMask": mask("flexibleWidth", "flexibleTopMargin")]),
        ]
        let cells = (viewCount - Self.chrome) / Self.cellViews
        for i in 0..<cells {
            let y = 44 + Double(i) * 60
            rows.append(.obj([
                "id": .string("cell\(i)"), "frame": frame(0, y, 390, 60), "autoresizingMask": mask("flexibleWidth"),
                "subviews": .array([
                    .obj(["id": .string("icon\(i)"), "class": "UIImageView", "frame": frame(12, 8, 44, 44)]),
                    .obj(["id": .string("title\(i)"), "class": "UILabel", "frame": frame(64, 8, 250, 22), "autoresizingMask": mask("flexibleWidth"), "text": "Title"]),
                    .obj(["id": .string("subtitle\(i)"), "class": "UILabel", "frame": frame(64, 32, 250, 18), "autoresizingMask": mask("flexibleWidth")]),
                    .obj([
                        "id": .string("more\(i)"), "class": "UIButton", "frame": frame(330, 10, 48, 40), "autoresizingMask": mask("flexibleLeftMargin"),
                        "subviews": .array([.obj(["id": .string("badge\(i)"), "frame": frame(30, 0, 18, 18)])]),
                    ]),
                ]),
            ]))
        }
        for j in 0..<(viewCount - Self.chrome - cells * Self.cellViews) {
            rows.append(.obj(["id": .string("separator\(j)"), "frame": frame(0, 43, 390, 1), "autoresizingMask": mask("flexibleWidth")]))
        }
        let root: JSONValue = .obj([
            "id": "root", "frame": frame(0, 0, 390, 844), "autoresizingMask": mask("flexibleWidth", "flexibleHeight"),
            "viewController": .obj(["id": "listVC"]), "subviews": .array(rows),
        ])
        let document: JSONValue = .obj(["window": .obj(["id": "win", "frame": frame(0, 0, 390, 844), "subviews": .array([root])])])
        scene = try! SceneDecoder().decode(document)
        precondition(scene.views.count == viewCount, "generated \(scene.views.count) views, not \(viewCount)")
        request = LayoutRequest(changes: [LayoutChange(.resizeWindow(window: "win", size: Size(width: 844, height: 390)), pointer: "/changes/0")])
    }
}

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 500
    )
    let limits = SceneLimits()
    for size in [1_000, 10_000] {
        let fixture = RotationScene(viewCount: size)
        // The scene as the server keeps it (its initial cycle's system; none here: no constraints).
        let prepared = PreparedScene(fixture.scene, limits: limits)

        // The engine: initial cycle, resize with autoresizing, update cycle, trace.
        Benchmark("rotation/\(size)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try! fixture.scene.applying(fixture.request.changes, limits: limits))
            }
        }

        // What `POST …/layout` does after decoding: the engine plus the response JSON and bytes.
        Benchmark("rotationJSON/\(size)", configuration: configuration) { benchmark in
            let writer = JSONWriter()
            for _ in benchmark.scaledIterations {
                blackHole(writer.bytes(ResponseEncoder.json(try! TouchTrace.layout(fixture.request, in: prepared, limits: limits))))
            }
        }

        // The same response bytes written directly (`ResponseEncoder.bytes`), the API's hot path.
        Benchmark("rotationBytes/\(size)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(ResponseEncoder.bytes(try! TouchTrace.layout(fixture.request, in: prepared, limits: limits)))
            }
        }
    }
}
