// engine-workloads WORKLOAD [REPETITIONS]: runs one of the API's engine paths on a generated
// scene, REPETITIONS times (default 1), after preparing the inputs (which is not part of the
// workload: compare.sh subtracts a run with 0 repetitions).
//
//   hit-test  — 1,000 traced hit tests on the 1,000-view scene, each written as response bytes
//               (what POST …/hit-test does per point);
//   touches   — a 100-event drag on a button of the 1,000-view scene, as response bytes;
//   layout    — a rotation of a 10,000-view autoresizing scene, as response bytes.
//
// The scenes are those of the Benchmarks package (a smaller copy of its generators would drift;
// instead the scenes are rebuilt here from the same rules: see makeScene).
import TouchTraceEngine
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: engine-workloads hit-test|touches|layout [repetitions]")
    exit(64)
}
let repetitions = arguments.count > 2 ? Int(arguments[2]) ?? 1 : 1
let limits = SceneLimits()

/// A feed of `cards` cards (a button, two labels and an image each) under a navigation bar,
/// with autoresizing masks, in a 390×844 window: the shape of the benchmark scenes.
func makeScene(cards: Int) -> String {
    var cardsJSON: [String] = []
    for i in 0..<cards {
        let y = 44 + i * 60
        cardsJSON.append("""
            {"id": "card\(i)", "frame": {"x": 0, "y": \(y), "width": 390, "height": 60}, "autoresizingMask": ["flexibleWidth"], "subviews": [
              {"id": "icon\(i)", "class": "UIImageView", "frame": {"x": 12, "y": 8, "width": 44, "height": 44}},
              {"id": "title\(i)", "class": "UILabel", "frame": {"x": 64, "y": 8, "width": 250, "height": 22}, "autoresizingMask": ["flexibleWidth"], "text": "Title"},
              {"id": "subtitle\(i)", "class": "UILabel", "frame": {"x": 64, "y": 32, "width": 250, "height": 18}, "autoresizingMask": ["flexibleWidth"]},
              {"id": "more\(i)", "class": "UIButton", "frame": {"x": 330, "y": 10, "width": 48, "height": 40}, "autoresizingMask": ["flexibleLeftMargin"],
               "control": {"targets": [{"target": null, "action": "more:", "events": ["touchUpInside"]}]},
               "subviews": [{"id": "badge\(i)", "frame": {"x": 30, "y": 0, "width": 18, "height": 18}}]}]}
            """)
    }
    return """
        {"window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "subviews": [
          {"id": "root", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "autoresizingMask": ["flexibleWidth", "flexibleHeight"],
           "viewController": {"id": "feedVC", "actions": ["more:"]}, "subviews": [
            {"id": "nav", "frame": {"x": 0, "y": 0, "width": 390, "height": 44}, "autoresizingMask": ["flexibleWidth"]},
            \(cardsJSON.joined(separator: ",\n"))]}]}}
        """
}

func decode(_ text: String) -> Scene {
    do {
        return try SceneDecoder(limits: limits).decode(bytes: Array(text.utf8))
    } catch {
        fatalError("scene: \(error)")
    }
}

var sink = 0
switch arguments[1] {
case "hit-test":
    let scene = decode(makeScene(cards: 166)).laidOutForWorkload
    let tester = HitTester(scene: scene)
    var state: UInt64 = 42
    let points = (0..<1_000).map { _ -> Point in
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Point(x: Double((state >> 40) % 390), y: Double((state >> 20) % 844))
    }
    for _ in 0..<repetitions {
        for p in points {
            #if BASE_API || CATALOGUE_API
            var out = JSONOutput(capacity: 4096)
            tester.hitTest(p, traced: true).writeJSON(in: scene, into: &out)
            sink &+= out.bytes.count
            #else
            sink &+= ResponseEncoder.bytes(tester.hitTest(p, traced: true), in: scene).count
            #endif
        }
    }
case "touches":
    let text = makeScene(cards: 166)
    var entries = [#"{"touch": 1, "phase": "began", "x": 354, "y": 144, "t": 0}"#]
    for k in 1...98 {
        let phase = Double(k) / 49
        let dx = -150 * (phase <= 1 ? phase : 2 - phase)
        entries.append(#"{"touch": 1, "phase": "moved", "x": \#(354 + dx), "y": 144, "t": \#(Double(k) / 100)}"#)
    }
    entries.append(#"{"touch": 1, "phase": "ended", "x": 354, "y": 144, "t": 1}"#)
    let request = try! TouchRequest.decode(try! JSONParser().parse(Array("{\"touches\": [\(entries.joined(separator: ","))]}".utf8)))
    #if BASE_API
    let scene = decode(text).laidOut()
    for _ in 0..<repetitions { sink &+= JSONWriter().bytes(try! TouchTrace.touches(request, in: scene)).count }
    #elseif CATALOGUE_API
    let prepared = PreparedScene(decode(text), limits: limits)
    for _ in 0..<repetitions { sink &+= try! TouchTrace.touchesBytes(request, in: prepared, limits: limits).count }
    #else
    let prepared = PreparedScene(decode(text), limits: limits)
    for _ in 0..<repetitions { sink &+= ResponseEncoder.bytes(try! TouchTrace.touches(request, in: prepared, limits: limits)).count }
    #endif
case "layout":
    let text = makeScene(cards: 1_666)
    let request = try! LayoutRequest.decode(try! JSONParser().parse(Array(#"{"changes": [{"op": "resizeWindow", "window": "win", "width": 844, "height": 390}]}"#.utf8)))
    #if BASE_API
    let prepared = PreparedScene(decode(text))
    for _ in 0..<repetitions { sink &+= try! TouchTrace.layoutBytes(request, in: prepared).count }
    #elseif CATALOGUE_API
    let prepared = PreparedScene(decode(text), limits: limits)
    for _ in 0..<repetitions { sink &+= try! TouchTrace.layoutBytes(request, in: prepared, limits: limits).count }
    #else
    let prepared = PreparedScene(decode(text), limits: limits)
    for _ in 0..<repetitions { sink &+= ResponseEncoder.bytes(try! TouchTrace.layout(request, in: prepared, limits: limits)).count }
    #endif
default:
    print("unknown workload \(arguments[1])")
    exit(64)
}
print(sink)

extension Scene {
    var laidOutForWorkload: Scene {
        #if BASE_API
        return laidOut()
        #else
        return laidOut(limits: limits)
        #endif
    }
}
