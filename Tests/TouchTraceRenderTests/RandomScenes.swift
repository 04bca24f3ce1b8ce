import TestSupport
import TouchTraceEngine

/// Seeded random scenes for the renderer's tests, as scene documents: one to three windows at
/// different levels and places, views with rotations, scales and translations, hidden and
/// transparent views, controls (some disabled), labels whose text holds XML's special
/// characters and control characters, views with tap recognizers, enlarged touch areas.
enum RandomScenes {
    /// Text that a careless SVG writer would break.
    static let hostileTexts = ["a < b && c > d", "\"quoted\" & 'single'", "tab\there", "bell\u{07}and\u{01}", "]]> end of CDATA", "😀 emoji", "<script>x</script>"]

    static func scene(seed: UInt64, views: Int = 40) -> JSONValue {
        var rng = SplitMix64(state: seed)
        var count = 0
        func number(_ range: ClosedRange<Int>) -> JSONValue { .number(Double(rng.int(range))) }
        func view(depth: Int, width: Int, height: Int) -> JSONValue {
            count += 1
            let id = "v\(count)"
            let w = rng.int(10...max(10, width)), h = rng.int(10...max(10, height))
            var members: [(key: String, value: JSONValue)] = [
                ("id", .string(id)),
                ("frame", .obj(["x": number(-20...max(0, width - 10)), "y": number(-20...max(0, height - 10)), "width": .number(Double(w)), "height": .number(Double(h))])),
            ]
            switch rng.int(0...9) {
            case 0, 1:
                members.append(("class", "UIButton"))
                members.append(("text", .string(rng.pick(["Pay", "OK"] + hostileTexts))))
                if rng.int(0...4) == 0 { members.append(("control", .obj(["enabled": false]))) }
            case 2:
                members.append(("class", "UILabel"))
                members.append(("text", .string(rng.pick(hostileTexts))))
            case 3:
                members.append(("gestureRecognizers", .array([.obj(["id": .string(id + "tap"), "type": "tap"])])))
            default: break
            }
            switch rng.int(0...11) {
            case 0: members.append(("transform", .obj(["rotation": number(-60...60)])))
            case 1: members.append(("transform", .obj(["scaleX": .number(0.5), "scaleY": .number(1.5)])))
            case 2: members.append(("transform", .obj(["translateX": number(-30...30), "translateY": number(-30...30)])))
            case 3: members.append(("hidden", true))
            case 4: members.append(("alpha", .number(rng.pick([0, 0.005, 0.01, 0.5]))))
            case 5: members.append(("pointInside", .obj(["shape": "insets", "top": -8, "left": -8, "bottom": -8, "right": -8])))
            default: break
            }
            var children: [JSONValue] = []
            while depth < 4, count < views, rng.int(0...2) > 0 {
                children.append(view(depth: depth + 1, width: w, height: h))
            }
            if !children.isEmpty { members.append(("subviews", .array(children))) }
            return .object(members)
        }
        var windows: [JSONValue] = []
        for k in 0..<rng.int(1...3) {
            count += 1
            let frame: JSONValue = k == 0
                ? .obj(["x": 0, "y": 0, "width": 390, "height": 600])
                : .obj(["x": number(0...150), "y": number(0...300), "width": number(100...300), "height": number(80...300)])
            var subviews: [JSONValue] = []
            while count < views * (k + 1) / 3 + 1 || subviews.isEmpty {
                subviews.append(view(depth: 1, width: 300, height: 500))
            }
            windows.append(.obj(["id": .string("w\(count)"), "level": .number(Double(k == 0 ? 0 : rng.pick([0, 1000, 2000]))), "frame": frame, "subviews": .array(subviews)]))
        }
        return .obj(["name": .string("random \(seed) <&>"), "windows": .array(windows)])
    }

    /// Random points over the first window.
    static func points(seed: UInt64, count: Int) -> [Point] {
        var rng = SplitMix64(state: seed ^ 0x5EED)
        return (0..<count).map { _ in Point(x: Double(rng.int(-10...400)), y: Double(rng.int(-10...610))) }
    }
}
