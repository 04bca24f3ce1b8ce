import Testing
import TouchTraceEngine
import TestSupport

/// Rule L5 written out again, independently of the engine: per axis the parts are
/// [leading margin, size, trailing margin]; the flexible ones share the change in proportion to
/// their sizes, or equally when those sizes add up to zero; a size never goes below zero.
private func expectedAxis(origin: Double, length: Double, old: Double, new: Double, flexible: [Bool]) -> (Double, Double) {
    var parts = [origin, length, old - origin - length]
    let delta = new - old
    let chosen = (0..<3).filter { flexible[$0] }
    if chosen.isEmpty { return (origin, length) }
    let total = chosen.reduce(0.0) { $0 + parts[$1] }
    let before = parts
    for i in chosen {
        parts[i] += total == 0 ? delta / Double(chosen.count) : delta * before[i] / total
    }
    return (parts[0], max(0, parts[1]))
}

private func expectedFrame(_ mask: AutoresizingMask, _ frame: Rect, _ old: Size, _ new: Size) -> Rect {
    let x = expectedAxis(
        origin: frame.minX, length: frame.size.width, old: old.width, new: new.width,
        flexible: [mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)])
    let y = expectedAxis(
        origin: frame.minY, length: frame.size.height, old: old.height, new: new.height,
        flexible: [mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)])
    return Rect(x: x.0, y: y.0, width: x.1, height: y.1)
}

private func close(_ a: Rect, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.size.width - b.size.width) <= tolerance && abs(a.size.height - b.size.height) <= tolerance
}

private func describe(_ mask: AutoresizingMask) -> String {
    let names = AutoresizingMask.named.filter { mask.contains($0.mask) }.map(\.name)
    return names.isEmpty ? "[]" : "[" + names.joined(separator: ", ") + "]"
}

private let allMasks = (0..<64).map { AutoresizingMask(rawValue: UInt8($0)) }
private let superviewSize = Size(width: 300, height: 200)
/// Subview frames: ordinary, zero-sized with zero margins, filling the superview, sticking out.
private let frames = [
    Rect(x: 50, y: 20, width: 100, height: 60), Rect(x: 0, y: 0, width: 0, height: 0),
    Rect(x: 0, y: 0, width: 300, height: 200), Rect(x: -20, y: 150, width: 80, height: 70),
]
/// New superview sizes: grow, shrink, rotate, collapse to zero, same.
private let newSizes = [
    Size(width: 600, height: 200), Size(width: 150, height: 120), Size(width: 200, height: 300),
    Size(width: 0, height: 0), Size(width: 300, height: 200), Size(width: 333.3, height: 201.7),
]

/// A window holding `box` (300×200) with one subview per mask, all with the same frame.
private func sceneWithEveryMask(frame: Rect) throws -> Scene {
    let subviews: [JSONValue] = allMasks.map { mask in
        .obj([
            "id": .string("m\(mask.rawValue)"), "frame": frame.json,
            "autoresizingMask": .array(AutoresizingMask.named.filter { mask.contains($0.mask) }.map { .string($0.name) }),
        ])
    }
    let box: JSONValue = .obj(["id": "box", "frame": Rect(x: 0, y: 0, width: 300, height: 200).json, "subviews": .array(subviews)])
    return try SceneDecoder().decode(.obj(["window": .obj(["id": "win", "frame": Rect(x: 0, y: 0, width: 1000, height: 1000).json, "subviews": .array([box])])]))
}

@Suite struct AutoresizingTests {
    @Test func everyMaskAgainstEverySizeChangeMatchesTheRule() {
        var failures = 0
        for mask in allMasks {
            for frame in frames {
                for new in newSizes {
                    let actual = mask.resize(frame: frame, from: superviewSize, to: new)
                    let expected = expectedFrame(mask, frame, superviewSize, new)
                    if !close(actual, expected) {
                        failures += 1
                        Issue.record("L5 mask \(describe(mask)) frame \(frame) \(superviewSize) -> \(new): expected \(expected), got \(actual)")
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    /// The fixed parts stay fixed: without a flexible left margin x stays, without a flexible
    /// width the width stays, and without a flexible right margin the right margin stays
    /// (whenever the axis has a flexible part and no width had to stop at zero).
    @Test func fixedPartsStayFixed() {
        for mask in allMasks {
            let flexible = [mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)]
            for frame in frames {
                for new in newSizes {
                    let r = mask.resize(frame: frame, from: superviewSize, to: new)
                    let clamped = flexible[1] && r.size.width == 0
                    let label = "mask \(describe(mask)) frame \(frame) -> \(new)"
                    if !flexible[0] { #expect(r.minX == frame.minX, "\(label): x should stay") }
                    if !flexible[1] { #expect(r.size.width == frame.size.width, "\(label): width should stay") }
                    if !flexible[2], flexible.contains(true), !clamped {
                        #expect(abs((new.width - r.maxX) - (superviewSize.width - frame.maxX)) < 1e-9, "\(label): right margin should stay")
                    }
                }
            }
        }
    }

    /// The same combinations through the engine: a `setFrame` on the superview autoresizes all
    /// 64 subviews in its size setter, and exactly the resized ones run layoutSubviews.
    @Test(arguments: frames.indices)
    func engineAppliesTheRuleToEverySubview(_ frameIndex: Int) throws {
        let frame = frames[frameIndex]
        let scene = try sceneWithEveryMask(frame: frame)
        for new in newSizes {
            let change = LayoutChange(.setFrame(view: "box", frame: RectPatch(width: new.width, height: new.height)), pointer: "/changes/0")
            let (result, trace) = try scene.applying([change])
            for mask in allMasks {
                let index = result.viewIndex("m\(mask.rawValue)")!
                let expected = expectedFrame(mask, frame, superviewSize, new)
                #expect(close(result.views[index].frame, expected),
                    "L5 via engine: mask \(describe(mask)) frame \(frame) -> \(new): expected \(expected), got \(result.views[index].frame)")
                let resized = result.views[index].frame.size != frame.size
                let ran = trace.calls.contains { $0.view == index }
                #expect(ran == resized, "mask \(describe(mask)) frame \(frame) -> \(new): layoutSubviews \(ran) but size changed \(resized)")
            }
        }
    }

    /// Grow then shrink back: every subview returns to where it started (the proportional rule
    /// is its own inverse as long as no size had to stop at zero).
    @Test(arguments: frames.indices)
    func growThenShrinkReturnsToTheStart(_ frameIndex: Int) throws {
        let frame = frames[frameIndex]
        let scene = try sceneWithEveryMask(frame: frame)
        for grown in [Size(width: 844, height: 390), Size(width: 301, height: 1000), Size(width: 1234.5, height: 200.25)] {
            let changes = [
                LayoutChange(.setFrame(view: "box", frame: RectPatch(width: grown.width, height: grown.height)), pointer: "/changes/0"),
                LayoutChange(.setFrame(view: "box", frame: RectPatch(width: 300, height: 200)), pointer: "/changes/1"),
            ]
            let result = try scene.applying(changes).scene
            for mask in allMasks {
                let actual = result.views[result.viewIndex("m\(mask.rawValue)")!].frame
                #expect(close(actual, frame, tolerance: 1e-9), "round trip via \(grown): mask \(describe(mask)) frame \(frame) ended at \(actual)")
            }
        }
    }

    @Test func autoresizingCascadesThroughResizedSubviewsOnly() throws {
        let scene = try SceneDecoder().decode(bytes: Array("""
            {"window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "subviews": [
              {"id": "a", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "autoresizingMask": ["flexibleWidth"], "subviews": [
                {"id": "a1", "frame": {"x": 0, "y": 0, "width": 100, "height": 10}, "autoresizingMask": ["flexibleWidth"]}]},
              {"id": "b", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "autoresizingMask": ["flexibleLeftMargin"], "subviews": [
                {"id": "b1", "frame": {"x": 0, "y": 0, "width": 100, "height": 10}, "autoresizingMask": ["flexibleWidth"]}]}]}}
            """.utf8))
        let (result, trace) = try scene.applying([LayoutChange(.resizeWindow(window: "win", size: Size(width: 200, height: 100)), pointer: "/changes/0")])
        #expect(result.views[result.viewIndex("a1")!].frame == Rect(x: 0, y: 0, width: 200, height: 10))
        #expect(result.views[result.viewIndex("b")!].frame == Rect(x: 100, y: 0, width: 100, height: 100))
        #expect(result.views[result.viewIndex("b1")!].frame == Rect(x: 0, y: 0, width: 100, height: 10))
        #expect(trace.calls.map { result.views[$0.view].id } == ["win", "a", "a1"])
    }
}
