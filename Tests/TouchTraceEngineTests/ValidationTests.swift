import Foundation
import Testing
import TouchTraceEngine

/// Scene validation: every kind of problem, each named by its JSON pointer, all reported at once.
@Suite struct ValidationTests {
    func problems(_ text: String, limits: SceneLimits = SceneLimits()) -> [SceneProblem] {
        do {
            _ = try SceneDecoder(limits: limits).decode(bytes: Array(text.utf8))
            return []
        } catch let .invalid(problems) {
            return problems
        } catch {
            Issue.record("expected a validation error, got \(error)")
            return []
        }
    }

    func hasProblem(_ list: [SceneProblem], _ pointer: String, _ fragment: String) -> Bool {
        list.contains { $0.pointer == pointer && $0.message.contains(fragment) }
    }

    @Test func minimalSceneOfTheSpecDecodes() throws {
        let scene = try SceneDecoder().decode(bytes: Array("""
            {"window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 390, "height": 844},
              "subviews": [{"id": "button", "class": "UIButton", "frame": {"x": 20, "y": 700, "width": 350, "height": 50},
                "control": {"targets": [{"target": null, "action": "pay:", "events": ["touchUpInside"]}]}}]}}
            """.utf8))
        #expect(scene.views.count == 2)
        #expect(scene.views[0].viewClass == .UIWindow)
        #expect(scene.views[1].control?.targets.first?.events == .touchUpInside)
        #expect(scene.views[1].frame == Rect(x: 20, y: 700, width: 350, height: 50))
    }

    @Test func classDefaultsFollowH6() throws {
        let scene = try SceneDecoder().decode(bytes: Array("""
            {"window": {"id": "w", "subviews": [{"id": "l", "class": "UILabel"}, {"id": "i", "class": "UIImageView"},
              {"id": "v"}, {"id": "b", "class": "UIButton"}, {"id": "l2", "class": "UILabel", "userInteractionEnabled": true}]}}
            """.utf8))
        #expect(scene.views.map(\.userInteractionEnabled) == [true, false, false, true, true, true])
    }

    @Test func duplicateIdsNameBothPlaces() {
        let list = problems(#"{"window": {"id": "w", "subviews": [{"id": "a"}, {"id": "a"}]}}"#)
        #expect(hasProblem(list, "/window/subviews/1/id", "duplicate id \"a\" (first used at /window/subviews/0/id)"))
    }

    @Test func idsAcrossViewControllersRecognizersAndApplicationAreOneNamespace() {
        let list = problems("""
            {"application": {"id": "app", "delegate": {"id": "w"}},
             "window": {"id": "w", "subviews": [{"id": "v", "viewController": {"id": "v"}},
               {"id": "g", "gestureRecognizers": [{"id": "app", "type": "tap"}]}]}}
            """)
        #expect(hasProblem(list, "/window/id", "duplicate id \"w\""))
        #expect(hasProblem(list, "/window/subviews/0/viewController/id", "duplicate id \"v\""))
        #expect(hasProblem(list, "/window/subviews/1/gestureRecognizers/0/id", "duplicate id \"app\""))
    }

    @Test func malformedIds() {
        let list = problems(#"{"window": {"id": "has space", "subviews": [{"id": ""}, {"id": 7}, {}]}}"#)
        #expect(hasProblem(list, "/window/id", "must be 1 to 128 characters"))
        #expect(hasProblem(list, "/window/subviews/0/id", "must be 1 to 128 characters"))
        #expect(hasProblem(list, "/window/subviews/1/id", "id must be a string, not number"))
        #expect(hasProblem(list, "/window/subviews/2", "a view needs an \"id\""))
    }

    @Test func unknownClassListsTheKnownOnes() {
        let list = problems(#"{"window": {"id": "w", "subviews": [{"id": "a", "class": "UIFancyView"}]}}"#)
        #expect(hasProblem(list, "/window/subviews/0/class", "unknown class \"UIFancyView\"; known classes: UIView, UIWindow, UIControl, UIButton"))
    }

    @Test func unknownReferences() {
        let list = problems("""
            {"firstResponder": "ghost",
             "window": {"id": "w", "subviews": [
               {"id": "b", "class": "UIButton", "control": {"targets": [{"target": "nobody", "action": "x:", "events": ["touchUpInside"]}]}},
               {"id": "c", "hitTest": {"redirectTo": "nowhere"}}]}}
            """)
        #expect(hasProblem(list, "/firstResponder", "unknown firstResponder id \"ghost\""))
        #expect(hasProblem(list, "/window/subviews/0/control/targets/0/target", "unknown target id \"nobody\""))
        #expect(hasProblem(list, "/window/subviews/1/hitTest/redirectTo", "unknown redirectTo id \"nowhere\""))
    }

    @Test func negativeAndNonFiniteNumbers() throws {
        let list = problems(#"{"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": -1, "height": 10}, "alpha": 2}}"#)
        #expect(hasProblem(list, "/window/frame/width", "frame.width must be at least 0"))
        #expect(hasProblem(list, "/window/alpha", "alpha must be at most 1"))
        // JSON has no NaN; a number too large for a Double is rejected by the parser, and a
        // non-finite number built in code is rejected by the decoder.
        #expect(throws: InputError.self) { try SceneDecoder().decode(bytes: Array(#"{"window": {"id": "w", "alpha": 1e999}}"#.utf8)) }
        let json = JSONValue.obj(["window": .obj(["id": "w", "frame": .obj(["x": .number(.nan), "y": .number(.infinity)])])])
        do {
            _ = try SceneDecoder().decode(json)
            Issue.record("NaN accepted")
        } catch let .invalid(list) {
            #expect(hasProblem(list, "/window/frame/x", "must be a finite number"))
            #expect(hasProblem(list, "/window/frame/y", "must be a finite number"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func badEnumValues() {
        let list = problems("""
            {"window": {"id": "w", "touches": "ignore", "pointInside": {"shape": "star"}, "hitTest": "sometimes",
              "subviews": [{"id": "b", "class": "UIButton", "control": {"targets": [{"action": "a:", "events": ["tap"]}]}},
                           {"id": "s", "class": "UIStackView", "stack": {"axis": "diagonal"}},
                           {"id": "m", "autoresizingMask": ["flexibleEverything"]},
                           {"id": "t", "class": "UIStackView", "stack": {"axis": "vertical", "baselineRelativeArrangement": "YES"}}]}}
            """)
        #expect(hasProblem(list, "/window/touches", "unknown touches handling \"ignore\"; expected one of: forward, handle, handleAndForward"))
        #expect(hasProblem(list, "/window/pointInside/shape", "unknown shape \"star\""))
        #expect(hasProblem(list, "/window/hitTest", "hitTest must be"))
        #expect(hasProblem(list, "/window/subviews/0/control/targets/0/events/0", "unknown event \"tap\""))
        #expect(hasProblem(list, "/window/subviews/1/stack/axis", "unknown axis \"diagonal\""))
        #expect(hasProblem(list, "/window/subviews/2/autoresizingMask/0", "unknown autoresizing mask"))
        #expect(hasProblem(list, "/window/subviews/3/stack/baselineRelativeArrangement", "baselineRelativeArrangement"))
    }

    @Test func layoutDirectionFieldsRejectBadValuesWithASuggestion() {
        let list = problems("""
            {"options": {"layoutDirection": "rightToLft"},
             "window": {"id": "w", "semanticContentAttribute": "forceRightToleft", "subviews": [
               {"id": "a", "semanticContentAttribute": "mirrored"},
               {"id": "b", "directionalLayoutMargins": {"top": 1, "left": 2, "trailing": "x"}},
               {"id": "c", "layoutMargins": {"left": 1}, "directionalLayoutMargins": {"leading": 1}},
               {"id": "d", "semanticContentAttribute": 1}]}}
            """)
        #expect(hasProblem(list, "/options/layoutDirection", "unknown layoutDirection \"rightToLft\" (did you mean \"rightToLeft\"?); expected one of: leftToRight, rightToLeft"))
        #expect(hasProblem(list, "/window/semanticContentAttribute", "unknown semanticContentAttribute \"forceRightToleft\" (did you mean \"forceRightToLeft\"?)"))
        #expect(hasProblem(list, "/window/subviews/0/semanticContentAttribute", "unknown semanticContentAttribute \"mirrored\"; expected one of: unspecified, playback, spatial, forceLeftToRight, forceRightToLeft"))
        #expect(hasProblem(list, "/window/subviews/1/directionalLayoutMargins/left", "unknown field \"left\" in directionalLayoutMargins; known fields: top, leading, bottom, trailing"))
        #expect(hasProblem(list, "/window/subviews/1/directionalLayoutMargins/trailing", "directionalLayoutMargins.trailing must be a number"))
        #expect(hasProblem(list, "/window/subviews/2/directionalLayoutMargins", "give either \"layoutMargins\" or \"directionalLayoutMargins\""))
        #expect(hasProblem(list, "/window/subviews/3/semanticContentAttribute", "semanticContentAttribute must be a string"))
        #expect(list.count == 7, "\(list)")
    }

    @Test func layoutDirectionFieldsDecode() throws {
        let scene = try SceneDecoder().decode(bytes: Array("""
            {"options": {"layoutDirection": "rightToLeft"},
             "window": {"id": "w", "subviews": [{"id": "a", "semanticContentAttribute": "playback",
               "directionalLayoutMargins": {"leading": 30, "trailing": 10}}, {"id": "b"}]}}
            """.utf8))
        #expect(scene.options.layoutDirection == .rightToLeft)
        #expect(scene.views[1].layout.semanticContentAttribute == .playback)
        #expect(scene.views[1].layout.directionalLayoutMargins == DirectionalEdgeInsets(top: 8, leading: 30, bottom: 8, trailing: 10))
        #expect(scene.views[2].layout.semanticContentAttribute == .unspecified)
        #expect(try SceneDecoder().decode(bytes: Array(#"{"window": {"id": "w"}}"#.utf8)).options.layoutDirection == .leftToRight)
    }

    @Test func unknownFieldsAreReportedWithASuggestion() {
        let list = problems(#"{"window": {"id": "w", "hiden": true, "frame": {"x": 0, "y": 0, "widht": 3}}}"#)
        #expect(hasProblem(list, "/window/hiden", "unknown field \"hiden\" in a view (did you mean \"hidden\"?)"))
        #expect(hasProblem(list, "/window/frame/widht", "(did you mean \"width\"?)"))
    }

    @Test func structuralProblems() {
        #expect(hasProblem(problems(#"{"name": "x"}"#), "", "a scene needs \"window\""))
        #expect(hasProblem(problems(#"[1]"#), "", "the scene must be an object, not array"))
        #expect(hasProblem(problems(#"{"window": {"id": "w", "class": "UIView"}}"#), "/window/class", "a top-level view is a window"))
        #expect(hasProblem(problems(#"{"window": {"id": "w", "subviews": [{"id": "x", "class": "UIWindow"}]}}"#), "/window/subviews/0/class", "only be a top-level window"))
        #expect(hasProblem(problems(#"{"window": {"id": "w", "subviews": [{"id": "x", "control": {}}]}}"#), "/window/subviews/0/control", "only for UIControl classes"))
        #expect(hasProblem(problems(#"{"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "center": {"x": 1, "y": 1}}}"#), "/window/center", "not both"))
    }

    @Test func severalProblemsInOneDocumentAreAllReported() {
        let list = problems("""
            {"window": {"id": "w", "alpha": -1, "subviews": [
              {"id": "a", "class": "Nope"}, {"id": "a", "hidden": "yes"},
              {"id": "t", "transform": {"rotation": 10, "a": 1}}, {"id": "p", "pointInside": {"shape": "polygon", "points": [{"x": 0, "y": 0}]}}]}}
            """)
        #expect(list.count >= 6)
        #expect(hasProblem(list, "/window/alpha", "at least 0"))
        #expect(hasProblem(list, "/window/subviews/0/class", "unknown class"))
        #expect(hasProblem(list, "/window/subviews/1/id", "duplicate id"))
        #expect(hasProblem(list, "/window/subviews/1/hidden", "must be true or false"))
        #expect(hasProblem(list, "/window/subviews/2/transform", "not both"))
        #expect(hasProblem(list, "/window/subviews/3/pointInside/points", "at least 3 points"))
    }

    @Test func viewCountOverTheLimit() {
        let subviews = (0..<20).map { "{\"id\": \"v\($0)\"}" }.joined(separator: ",")
        let list = problems("{\"window\": {\"id\": \"w\", \"subviews\": [\(subviews)]}}", limits: SceneLimits(maxDepth: 1000, maxViews: 10))
        #expect(list.count == 1)
        #expect(list.first?.message.contains("more than 10 views") == true)
    }

    static func chain(depth: Int) -> String {
        var text = ""
        for i in 0..<depth { text += "{\"id\": \"v\(i)\", \"subviews\": [" }
        text += "{\"id\": \"leaf\"}"
        for _ in 0..<depth { text += "]}" }
        return "{\"window\": " + text + "}"
    }

    @Test func depthAtTheLimitIsAcceptedAndOverItIsRejected() throws {
        // 1,000 levels below the window is the default limit.
        var window = Self.chain(depth: 1000)
        window = window.replacingFirst("\"v0\",", with: "\"v0\", \"class\": \"UIWindow\",")
        let scene = try SceneDecoder().decode(bytes: Array(window.utf8))
        #expect(scene.views.count == 1001)
        let list = problems(Self.chain(depth: 1001))
        #expect(list.contains { $0.message.contains("nested deeper than the limit of 1000 levels") })
    }

    @Test func absurdNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        #expect(throws: InputError.self) { try SceneDecoder().decode(bytes: Array(deep.utf8)) }
        do {
            _ = try SceneDecoder().decode(bytes: Array(Self.chain(depth: 50_000).utf8))
        } catch {
            #expect(error.problemDocument.status == 422)
            #expect(error.problemDocument.detail.contains("nested too deeply"))
        }
    }

    @Test func malformedJSONIsA400WithAPosition() {
        do {
            _ = try SceneDecoder().decode(bytes: Array("{\"window\": {\"id\": \"w\",}}".utf8))
            Issue.record("accepted malformed JSON")
        } catch {
            let problem = error.problemDocument
            #expect(problem.status == 400)
            #expect(problem.detail.contains("line 1, column"))
        }
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
