import Testing
import TouchTraceEngine
import TestSupport

/// Touch input decoding (docs/touches.md): shorthands expand as documented, and impossible sequences are
/// `InputError.invalid` with a JSON pointer per problem.
@Suite struct TouchRequestTests {
    static func decode(_ text: String) throws -> TouchRequest {
        try TouchRequest.decode(JSONParser().parse(text))
    }

    static func problems(_ text: String) -> [SceneProblem] {
        guard let json = try? JSONParser().parse(text) else { return [] }
        do {
            _ = try TouchRequest.decode(json)
            return []
        } catch {
            if case let .invalidRequest(problems) = error { return problems }
            return []
        }
    }

    static func samples(_ request: TouchRequest) -> [TouchSample] {
        request.steps.compactMap { if case let .touch(s) = $0 { s } else { nil } }
    }

    @Test func tapWithCountExpandsToNewTouchesCloseInTime() throws {
        let s = Self.samples(try Self.decode(#"{"tap": {"x": 1, "y": 2}, "count": 2}"#))
        #expect(s.map(\.touch) == [1, 1, 2, 2])
        #expect(s.map(\.phase) == [.began, .ended, .began, .ended])
        #expect(s.map(\.time) == [0, 0.1, 0.2, 0.3])
    }

    @Test func dragExpandsToEvenSteps() throws {
        let s = Self.samples(try Self.decode(#"{"drag": {"from": {"x": 0, "y": 0}, "to": {"x": 100, "y": 0}, "steps": 4, "duration": 1}}"#))
        #expect(s.map(\.phase) == [.began, .moved, .moved, .moved, .moved, .ended])
        #expect(s.map(\.point.x) == [0, 25, 50, 75, 100, 100])
        #expect(s.map(\.time) == [0, 0.2, 0.4, 0.6, 0.8, 1])
    }

    @Test func longPressHoldsForItsDuration() throws {
        let s = Self.samples(try Self.decode(#"{"longPress": {"x": 5, "y": 5}, "duration": 0.8, "window": "w"}"#))
        #expect(s.map(\.time) == [0, 0.8])
        #expect(try Self.decode(#"{"longPress": {"x": 5, "y": 5}}"#).steps.last?.time == 1)
    }

    @Test func impossibleSequencesNameTheirEntries() {
        #expect(Self.problems(#"{"touches": [{"touch": 1, "phase": "moved", "x": 0, "y": 0, "t": 0}]}"#)
            == [SceneProblem(pointer: "/touches/0/phase", message: "touch 1 is moved before it began")])
        #expect(Self.problems(#"{"touches": [{"touch": 1, "phase": "began", "x": 0, "y": 0, "t": 0}, {"touch": 1, "phase": "began", "x": 0, "y": 0, "t": 1}]}"#).map(\.pointer)
            == ["/touches/1/phase"])
        #expect(Self.problems(#"{"touches": [{"touch": 1, "phase": "began", "x": 0, "y": 0, "t": 1}, {"touch": 1, "phase": "ended", "x": 0, "y": 0, "t": 0.5}]}"#).map(\.pointer)
            == ["/touches/1/t"])
        #expect(Self.problems(#"{"touches": [{"touch": 1, "phase": "began", "x": 0, "y": 0, "t": 0}, {"touch": 1, "phase": "ended", "x": 0, "y": 0, "t": 0}]}"#).map(\.pointer)
            == ["/touches/1/touch"])
        #expect(Self.problems(#"{"touches": [{"touch": 1, "phase": "began", "x": 0, "y": 0, "t": 0}, {"touch": 1, "phase": "ended", "x": 0, "y": 0, "t": 1}, {"touch": 1, "phase": "moved", "x": 0, "y": 0, "t": 2}]}"#).map(\.pointer)
            == ["/touches/2/phase"])
        #expect(Self.problems(#"{"touches": [{"touch": 1, "phase": "began", "x": 0, "y": 0, "t": 0}, {"touch": 1, "phase": "ended", "x": 0, "y": 0, "t": 1}, {"touch": 1, "phase": "began", "x": 0, "y": 0, "t": 2}]}"#).map(\.pointer)
            == ["/touches/2/phase"])
    }

    @Test func badFieldsAreAllReported() {
        let problems = Self.problems(#"{"touches": [{"touch": 1.5, "phase": "hover", "x": "1", "t": -1}, {"touch": 2, "phase": "began", "x": 0, "y": 0}], "extra": 1}"#)
        #expect(Set(problems.map(\.pointer)) == ["/extra", "/touches/0/touch", "/touches/0/phase", "/touches/0/x", "/touches/0/y", "/touches/0/t", "/touches/1/t"])
        #expect(problems.contains { $0.pointer == "/touches/0/phase" && $0.message.contains("began, moved, ended, cancelled") })
    }

    @Test func nonFiniteNumbersAreRejected() throws {
        let entry: JSONValue = .obj(["touch": 1, "phase": "began", "x": .number(.nan), "y": .number(.infinity), "t": 0])
        var pointers: [String] = []
        do {
            _ = try TouchRequest.decode(.obj(["touches": .array([entry])]))
        } catch {
            if case let .invalidRequest(problems) = error { pointers = problems.map(\.pointer) }
        }
        #expect(pointers == ["/touches/0/x", "/touches/0/y"])
    }

    @Test func formsAndChangesAreChecked() {
        #expect(Self.problems(#"{}"#).map(\.pointer) == [""])
        #expect(Self.problems(#"{"tap": {"x": 1, "y": 1}, "drag": {}}"#).map(\.pointer).contains("/drag"))
        #expect(Self.problems(#"{"tap": {"x": 1, "y": 1}, "changes": []}"#).isEmpty)
        #expect(Self.problems(#"{"tap": {"x": 1, "y": 1}, "changes": [{"op": "explode"}]}"#).allSatisfy { $0.pointer.hasPrefix("/changes/0") })
        #expect(!Self.problems(#"{"tap": {"x": 1, "y": 1}, "changes": [{"op": "explode"}]}"#).isEmpty)
        #expect(Self.problems(#"{"drag": {"from": {"x": 1, "y": 1}, "to": {"x": 1}}, "count": 2}"#).map(\.pointer).sorted()
            == ["/count", "/drag/to/y"])
        #expect(Self.problems(#"{"tap": {"x": 1, "y": 1}, "count": 0}"#).map(\.pointer) == ["/count"])
        #expect(Self.problems(#"{"touches": [{"t": 0, "set": {"view": "b"}}]}"#).map(\.pointer) == ["/touches/0/set"])
    }

    @Test func extraFieldsLetTheInlineRoutesPassTheScene() throws {
        let json = try JSONParser().parse(#"{"tap": {"x": 1, "y": 1}, "scene": {}}"#)
        #expect(throws: InputError.self) { try TouchRequest.decode(json) }
        #expect(try TouchRequest.decode(json, extraFields: ["scene"]).steps.count == 2)
        let actions = try JSONParser().parse(#"{"sender": "b", "events": ["touchDown"], "scene": {}}"#)
        let calls = try ActionsRequest.decode(actions, extraFields: ["scene"]).calls
        #expect(calls.map(\.name) == ["touchDown"] && calls.map(\.events) == [.touchDown])
    }

    @Test func actionsRequestProblems() throws {
        let json = try JSONParser().parse(#"{"events": ["touchDwn"], "remove": [{"target": 3}]}"#)
        var problems: [SceneProblem] = []
        do {
            _ = try ActionsRequest.decode(json)
            Issue.record("expected an error")
        } catch {
            if case let .invalidRequest(found) = error { problems = found }
        }
        #expect(Set(problems.map(\.pointer)) == ["/sender", "/events/0", "/remove/0/target", "/remove/0/events"])
    }

    @Test func changesApplyBeforeTheFirstTouch() throws {
        // A button at x 300…390 of a 390-wide window with a flexible left margin: after the
        // window turns to 844 wide, it sits at 754…844, so a tap at 800 reaches it.
        let scene = try SceneDecoder().decode(bytes: Array("""
            {"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "subviews": [
              {"id": "b", "class": "UIButton", "frame": {"x": 300, "y": 0, "width": 90, "height": 44}, "autoresizingMask": ["flexibleLeftMargin"],
               "control": {"targets": [{"target": null, "action": "go:", "events": ["touchUpInside"]}]}}]}}
            """.utf8))
        let request = try TouchRequest.decode(try JSONParser().parse(#"{"tap": {"x": 800, "y": 10}, "changes": [{"op": "resizeWindow", "window": "w", "width": 844, "height": 390}]}"#))
        let response = try TouchTrace.touches(request, in: scene)
        guard case let .array(touches)? = response["touches"] else {
            Issue.record("no touches")
            return
        }
        #expect(touches.first?["hitView"] == "b")
        let unchanged = try TouchTrace.touches(try TouchRequest.decode(try JSONParser().parse(#"{"tap": {"x": 800, "y": 10}}"#)), in: scene)
        guard case let .array(before)? = unchanged["touches"] else { return }
        #expect(before.first?["hitView"] == .null)
    }
}
