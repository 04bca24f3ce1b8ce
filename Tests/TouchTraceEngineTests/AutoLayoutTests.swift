import TestSupport
import Testing
import TouchTraceEngine

/// Rule L6 outside fixtures: constraint validation with pointers, generated constraints, the
/// JSON result and incremental re-solving.
@Suite struct AutoLayoutTests {
    static func scene(_ text: String) throws -> Scene {
        try SceneDecoder().decode(bytes: Array(text.utf8))
    }

    /// The problems the scene decoder reports (it runs `ConstraintValidation.problems(in:)` once every id is known).
    static func decodeProblems(_ text: String) -> [SceneProblem] {
        do {
            _ = try SceneDecoder().decode(bytes: Array(text.utf8))
            return []
        } catch let error {
            if case let .invalid(problems) = error { return problems }
            return []
        }
    }

    static func wrap(_ subviews: String) -> String {
        #"{"window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 400, "height": 800}, "subviews": ["# + subviews + "]}}"
    }

    @Test func validationReportsEachBadConstraintWithItsPointer() throws {
        let problems = Self.decodeProblems(
            Self.wrap(
                #"""
                {"id": "a", "translatesAutoresizingMaskIntoConstraints": false, "constraints": [
                  {"firstAttribute": "left", "secondItem": "b", "secondAttribute": "top"},
                  {"firstAttribute": "top", "constant": 10},
                  {"firstAttribute": "width", "constant": 10},
                  {"firstAttribute": "centerX", "secondItem": "b", "multiplier": 0},
                  {"firstAttribute": "leading", "secondItem": "b", "secondAttribute": "left"},
                  {"firstAttribute": "left", "secondItem": "b", "secondAttribute": "width"},
                  {"firstAttribute": "width", "secondItem": "b", "secondAttribute": "height", "multiplier": 0.5}
                ]},
                {"id": "b"}
                """#))
        let pointers = problems.map(\.pointer)
        #expect(
            pointers == [
                "/window/subviews/0/constraints/0/secondAttribute",
                "/window/subviews/0/constraints/1/secondItem",
                "/window/subviews/0/constraints/3/multiplier",
                "/window/subviews/0/constraints/4/secondAttribute",
                "/window/subviews/0/constraints/5/secondAttribute",
            ], "\(problems)")
        #expect(problems[0].message.contains("horizontal"))
        #expect(problems[1].message.contains("constant"))
    }

    @Test func validationRejectsItemsInDifferentWindows() throws {
        let problems = Self.decodeProblems(
            #"""
            {"windows": [
              {"id": "w1", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "subviews": [
                {"id": "a", "constraints": [{"firstAttribute": "width", "secondItem": "b"}]}]},
              {"id": "w2", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "subviews": [{"id": "b"}]}
            ]}
            """#)
        #expect(problems.map(\.pointer) == ["/windows/0/subviews/0/constraints/0"])
        #expect(problems.first?.message.contains("common ancestor") == true)
    }

    @Test func intrinsicContentSizeGeneratesHuggingAndCompressionResistance() throws {
        let s = try Self.scene(
            Self.wrap(
                #"""
                {"id": "label", "class": "UILabel", "translatesAutoresizingMaskIntoConstraints": false,
                 "intrinsicContentSize": {"width": 120, "height": -1},
                 "contentHugging": {"horizontal": 251, "vertical": 250},
                 "constraints": [{"firstAttribute": "left", "secondItem": "win", "secondAttribute": "left", "constant": 8}]}
                """#))
        let result = AutoLayoutSystem(scene: s).result
        let label = try #require(s.viewIndex("label"))
        let intrinsic = result.generated.filter { $0.view == label }
        #expect(intrinsic.count == 2)
        #expect(intrinsic.map { $0.description(in: s) } == ["label.width <= 120 @251", "label.width >= 120 @750"])
        #expect(intrinsic.map(\.origin) == [.intrinsicContentSize, .intrinsicContentSize])
        #expect(intrinsic.map(\.identifier) == ["contentHugging", "compressionResistance"])
        #expect(result.frames.first { $0.view == label }?.frame.size.width == 120)
        // No height and no y: still ambiguous.
        #expect(result.ambiguous == [label])
        let json = result.json
        guard case let .array(generated)? = json["generatedConstraints"] else {
            Issue.record("no generatedConstraints")
            return
        }
        #expect(generated.contains { $0["origin"] == "intrinsicContentSize" && $0["identifier"] == "contentHugging" && $0["view"] == "label" && $0["priority"] == 251 })
        #expect(generated.contains { $0["origin"] == "window" && $0["view"] == "win" })
    }

    @Test func autoresizingMaskConstraintsFollowTheSuperviewAndResizeIsIncremental() throws {
        let s = try Self.scene(
            Self.wrap(
                #"""
                {"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 800}, "autoresizingMask": ["flexibleWidth", "flexibleHeight"],
                 "subviews": [{"id": "box", "translatesAutoresizingMaskIntoConstraints": false, "constraints": [
                   {"firstAttribute": "leading", "secondItem": "root", "secondAttribute": "leading", "constant": 10},
                   {"firstAttribute": "trailing", "secondItem": "root", "secondAttribute": "trailing", "constant": -10},
                   {"firstAttribute": "top", "secondItem": "root#safeArea", "secondAttribute": "top", "constant": 10},
                   {"firstAttribute": "height", "secondItem": "root", "secondAttribute": "height", "multiplier": 0.5}]}]}
                """#))
        var system = AutoLayoutSystem(scene: s)
        let box = try #require(s.viewIndex("box")), root = try #require(s.viewIndex("root")), win = try #require(s.viewIndex("win"))
        #expect(system.frame(of: box) == Rect(x: 10, y: 10, width: 380, height: 400))
        #expect(system.result.generated.contains { $0.origin == .autoresizingMask && $0.identifier == "h=-&- v=-&-" })
        system.resize(window: win, to: Size(width: 800, height: 400))
        #expect(system.frame(of: root) == Rect(x: 0, y: 0, width: 800, height: 400))
        #expect(system.frame(of: box) == Rect(x: 10, y: 10, width: 780, height: 200))
        #expect(system.conflicts.isEmpty)
        #expect(system.ambiguousViews.isEmpty)
    }

    @Test func conflictJSONNamesTheBrokenAndInvolvedConstraints() throws {
        let s = try Self.scene(
            Self.wrap(
                #"""
                {"id": "box", "translatesAutoresizingMaskIntoConstraints": false, "constraints": [
                  {"firstAttribute": "left", "secondItem": "win", "secondAttribute": "left"},
                  {"firstAttribute": "right", "secondItem": "win", "secondAttribute": "right"},
                  {"identifier": "too-wide", "firstAttribute": "width", "constant": 500},
                  {"firstAttribute": "top", "secondItem": "win", "secondAttribute": "top"},
                  {"firstAttribute": "height", "constant": 10}]}
                """#))
        let result = AutoLayoutSystem(scene: s).result
        #expect(result.conflicts.count == 1)
        let conflict = try #require(result.json["conflicts"].flatMap { if case let .array(a) = $0 { a.first } else { nil } })
        #expect(conflict["broken"]?["identifier"] == "too-wide")
        #expect(conflict["broken"]?["pointer"] == "/window/subviews/0/constraints/2")
        guard case let .array(involved)? = conflict["involved"] else {
            Issue.record("no involved")
            return
        }
        let descriptions = involved.compactMap { if case let .string(d)? = $0["description"] { d } else { nil } }
        #expect(descriptions.contains("box.left == win.left"))
        #expect(descriptions.contains("box.right == win.right"))
        #expect(descriptions.contains("win.width >= 400") || descriptions.contains("win.width <= 400"))
    }

    @Test func stackViewGeneratesUIKitsConstraints() throws {
        let s = try Self.scene(
            Self.wrap(
                #"""
                {"id": "row", "class": "UIStackView", "frame": {"x": 0, "y": 0, "width": 200, "height": 40},
                 "stack": {"distribution": "fill", "alignment": "center", "spacing": 8, "layoutMarginsRelativeArrangement": true},
                 "subviews": [{"id": "icon", "intrinsicContentSize": {"width": 24, "height": 24}}, {"id": "gone", "hidden": true},
                              {"id": "text", "intrinsicContentSize": {"width": 60, "height": 20}, "contentHugging": {"horizontal": 249, "vertical": 250}}]}
                """#))
        let system = AutoLayoutSystem(scene: s)
        let row = try #require(s.viewIndex("row"))
        let stack = system.constraints.filter { $0.origin == .stackView }.map { $0.description(in: s) }
        #expect(
            stack == [
                "icon.leading == row#layoutMargins.leading", "text.trailing == row#layoutMargins.trailing",
                "text.leading == icon.trailing + 8",
                "icon.centerY == row#layoutMargins.centerY", "icon.top >= row#layoutMargins.top", "icon.height == 0 @25",
                "text.centerY == row#layoutMargins.centerY", "text.top >= row#layoutMargins.top", "text.height == 0 @25",
                "row.height == 0 @49",
                // UISV-hiding: the hidden view has no width, halfway between its neighbours; the
                // required width goes in after every other constraint, its copy just below required
                // stays in place (rule L6-stack-hidden-arranged-view-keeps-its-required-length).
                "gone.width == 0 @999.9", "gone.leading == icon.trailing + 4", "gone.centerY == row#layoutMargins.centerY",
                "gone.height == 0 @25", "gone.width == 0",
            ])
        #expect(system.constraints.allSatisfy { $0.origin != .stackView || $0.view == row })
        let icon = try #require(s.viewIndex("icon")), text = try #require(s.viewIndex("text"))
        // Margins 8: the row's content box is 8…192 × 8…32.
        #expect(system.frame(of: icon) == Rect(x: 8, y: 8, width: 24, height: 24))
        #expect(system.frame(of: text) == Rect(x: 40, y: 10, width: 152, height: 20))
        #expect(system.frame(of: try #require(s.viewIndex("gone"))) == Rect(x: 36, y: 20, width: 0, height: 0))
        #expect(system.ambiguousViews.isEmpty)
        #expect(!JSONWriter().string(system.result.json).isEmpty)
    }

    @Test func layoutResponseFieldsOnlyWhenAutoLayoutIsUsed() throws {
        let plain = try Self.scene(Self.wrap(#"{"id": "v", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}"#))
        let plainResult = try TouchTrace.layout(LayoutRequest(changes: []), in: plain.prepared, limits: defaultLimits)
        #expect(!plainResult.autoLayout.takesPart)
        let plainJSON = ResponseEncoder.json(plainResult)
        #expect(plainJSON["conflicts"] == nil && plainJSON["ambiguous"] == nil)
        let constrained = try Self.scene(
            Self.wrap(#"{"id": "v", "translatesAutoresizingMaskIntoConstraints": false, "constraints": [{"firstAttribute": "width", "constant": 10}]}"#))
        let result = try TouchTrace.layout(LayoutRequest(changes: []), in: constrained.prepared, limits: defaultLimits)
        #expect(result.autoLayout.takesPart && result.autoLayout.conflicts.isEmpty)
        #expect(result.autoLayout.ambiguous.map { constrained.views[$0].id } == ["v"])
        let json = ResponseEncoder.json(result)
        #expect(json["conflicts"] == .array([]))
        #expect(json["ambiguous"] == .array(["v"]))
    }
}
