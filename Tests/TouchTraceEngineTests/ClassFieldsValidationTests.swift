import Foundation
import Testing
@testable import TouchTraceEngine

/// The scene fields of this issue's classes and rules (S4–S7 scroll fields, V1–V4 `selection`
/// and `cell`, F1 `textView`, B1–B3 `bar`, R1 `presentingViewController`, H3 `zPosition`, G6
/// `direction`, H10 `animation`): what they decode to, and every problem reported with its pointer.
@Suite struct ClassFieldsValidationTests {
    func decode(_ text: String) throws -> Scene { try SceneDecoder().decode(bytes: Array(text.utf8)) }

    func problems(_ text: String) -> [SceneProblem] {
        do {
            _ = try SceneDecoder().decode(bytes: Array(text.utf8))
            return []
        } catch let .invalid(problems) {
            return problems
        } catch {
            Issue.record("expected a validation error, got \(error)")
            return []
        }
    }

    func has(_ list: [SceneProblem], _ pointer: String, _ fragment: String) -> Bool {
        list.contains { $0.pointer == pointer && $0.message.contains(fragment) }
    }

    @Test func scrollFieldsDecodeWithUIKitsDefaults() throws {
        let scene = try decode("""
            {"window": {"id": "w", "subviews": [
              {"id": "plain", "class": "UIScrollView"},
              {"id": "tuned", "class": "UIScrollView", "scroll": {"contentInset": {"top": 20}, "bounces": false, "alwaysBounceHorizontal": true,
                "scrollEnabled": false, "pagingEnabled": true, "directionalLockEnabled": true, "decelerationRate": "fast"}},
              {"id": "rated", "class": "UIScrollView", "scroll": {"decelerationRate": 0.95}}]}}
            """)
        let plain = scene.views[1].scroll!.motion
        #expect(plain.bounces && plain.scrollEnabled && !plain.pagingEnabled && plain.decelerationRate == 0.998)
        let tuned = scene.views[2].scroll!.motion
        #expect(tuned.contentInset.top == 20 && !tuned.bounces && tuned.alwaysBounceHorizontal && !tuned.scrollEnabled)
        #expect(tuned.pagingEnabled && tuned.directionalLockEnabled && tuned.decelerationRate == 0.99)
        #expect(scene.views[3].scroll!.motion.decelerationRate == 0.95)
    }

    @Test func badScrollFieldsAreReported() {
        let list = problems("""
            {"window": {"id": "w", "subviews": [
              {"id": "a", "class": "UIScrollView", "scroll": {"decelerationRate": "slow", "bounces": 1}},
              {"id": "b", "class": "UIScrollView", "scroll": {"decelerationRate": 1.5}}]}}
            """)
        #expect(has(list, "/window/subviews/0/scroll/decelerationRate", "\"normal\" (0.998), \"fast\" (0.99)"))
        #expect(has(list, "/window/subviews/0/scroll/bounces", "must be true or false"))
        #expect(has(list, "/window/subviews/1/scroll/decelerationRate", "between 0 and 1"))
    }

    @Test func cellsGetTheirPlaceAsIndexPathAndDuplicatesAreErrors() throws {
        let scene = try decode("""
            {"window": {"id": "w", "subviews": [{"id": "t", "class": "UITableView", "subviews": [
              {"id": "c0", "class": "UITableViewCell"}, {"id": "c1", "class": "UITableViewCell", "cell": {"indexPath": {"section": 2, "row": 5}}},
              {"id": "c2", "class": "UITableViewCell"}]}]}}
            """)
        let paths = scene.views.compactMap { view -> CellIndexPath? in
            if case let .cell(config)? = view.role { return config.indexPath }
            return nil
        }
        #expect(paths == [CellIndexPath(section: 0, item: 0), CellIndexPath(section: 2, item: 5), CellIndexPath(section: 0, item: 2)])
        let list = problems("""
            {"window": {"id": "w", "subviews": [{"id": "t", "class": "UITableView", "subviews": [
              {"id": "c0", "class": "UITableViewCell", "cell": {"indexPath": {"section": 0, "row": 1}}},
              {"id": "c1", "class": "UITableViewCell", "cell": {"indexPath": {"section": 0, "row": 1}}},
              {"id": "c2", "class": "UICollectionViewCell", "cell": {"indexPath": {"section": 0, "row": 0}}},
              {"id": "c3", "class": "UITableViewCell", "cell": {"shouldSelect": false}}]}]}}
            """)
        #expect(has(list, "/window/subviews/0/subviews/1/cell/indexPath", "has the index path of \"c0\""))
        #expect(has(list, "/window/subviews/0/subviews/2/cell/indexPath/row", "unknown field"))
        #expect(has(list, "/window/subviews/0/subviews/3/cell/shouldSelect", "unknown field"))
    }

    @Test func classFieldsBelongToTheirClasses() {
        let list = problems("""
            {"window": {"id": "w", "subviews": [{"id": "v", "selection": {}, "cell": {}, "textView": {}, "bar": {}},
              {"id": "b", "class": "UIBarButtonItem"}]}}
            """)
        for key in ["selection", "cell", "textView", "bar"] {
            #expect(list.contains { $0.pointer == "/window/subviews/0/" + key && $0.message.contains("not UIView") }, "\(key)")
        }
        #expect(has(list, "/window/subviews/1/class", "a bar makes one for each item"))
    }

    @Test func barItemsBecomeControlViewsWithTheirIds() throws {
        let scene = try decode("""
            {"window": {"id": "w", "viewController": {"id": "vc"}, "subviews": [{"id": "nav", "class": "UINavigationBar",
              "frame": {"x": 0, "y": 0, "width": 390, "height": 44},
              "bar": {"backItem": {"id": "back", "title": "Inbox", "viewController": "vc"}, "rightItems": [{"id": "save", "title": "Save", "action": "save:"}]}}]}}
            """).laidOut()
        let back = scene.viewIndex("back")!
        let save = scene.viewIndex("save")!
        #expect(scene.views[back].viewClass == .UIBarButtonItem && scene.views[back].parent == scene.viewIndex("nav"))
        #expect(scene.views[save].control?.targets == [TargetRegistration(target: nil, action: "save:", events: .touchUpInside)])
        // "Inbox": 5 characters × 0.5 em × 17 pt = 42.5, rounded up to 43, plus 16 of padding.
        #expect(scene.views[back].frame == Rect(x: 0, y: 0, width: 59, height: 44))
        #expect(scene.views[save].frame.maxX == 390)
        checkInvariants(scene)
    }

    @Test func barReferencesAndIdsAreChecked() {
        let list = problems("""
            {"window": {"id": "w", "subviews": [
              {"id": "tabs", "class": "UITabBar", "bar": {"items": [{"id": "w"}, {"id": "t2", "viewController": "nope"}], "selectedIndex": 4,
                "tabBarController": "w", "delegate": "ghost"}},
              {"id": "tools", "class": "UIToolbar", "bar": {"items": [{"title": "x"}, {"id": "i", "target": "nobody", "action": "go:"}, {"id": "j", "target": "w"}]}}]}}
            """)
        #expect(has(list, "/window/subviews/0/bar/items/0/id", "duplicate id \"w\""))
        #expect(has(list, "/window/subviews/0/bar/items/1/viewController", "unknown view controller id \"nope\""))
        #expect(has(list, "/window/subviews/0/bar/selectedIndex", "at most 1"))
        #expect(has(list, "/window/subviews/0/bar/tabBarController", "is not a view controller"))
        #expect(has(list, "/window/subviews/0/bar/delegate", "unknown delegate id \"ghost\""))
        #expect(has(list, "/window/subviews/1/bar/items/0", "needs an \"id\""))
        #expect(has(list, "/window/subviews/1/bar/items/1/target", "T5"))
        #expect(has(list, "/window/subviews/1/bar/items/2/action", "needs an \"action\""))
    }

    @Test func presentingViewControllerIsNextAndALoopIsAnError() throws {
        let scene = try decode("""
            {"window": {"id": "w", "subviews": [{"id": "main", "viewController": {"id": "mainVC"}, "subviews": [
              {"id": "sheet", "viewController": {"id": "sheetVC", "presentingViewController": "mainVC"}}]}]}}
            """)
        #expect(scene.responderChain(from: .view(scene.viewIndex("sheet")!)).map { scene.id(of: $0) } == ["sheet", "sheetVC", "mainVC", "w", "application"])
        let loop = problems("""
            {"window": {"id": "w", "subviews": [{"id": "a", "viewController": {"id": "aVC", "presentingViewController": "bVC"}, "subviews": [
              {"id": "b", "viewController": {"id": "bVC", "presentingViewController": "aVC"}}]}]}}
            """)
        #expect(has(loop, "/window/subviews/0/viewController/presentingViewController", "comes back to itself"))
        let unknown = problems(#"{"window": {"id": "w", "viewController": {"id": "vc", "presentingViewController": "w"}}}"#)
        #expect(has(unknown, "/window/viewController/presentingViewController", "is not a view controller"))
    }

    @Test func zPositionAndSwipeDirectionsDecode() throws {
        let scene = try decode("""
            {"window": {"id": "w", "subviews": [{"id": "v", "zPosition": 2,
              "gestureRecognizers": [{"id": "s", "type": "swipe", "direction": ["left", "up"]}]}]}}
            """)
        #expect(scene.usesZPosition && scene.views[1].zPosition == 2)
        #expect(scene.views[1].gestureRecognizers[0].direction == [.left, .up])
        let list = problems("""
            {"window": {"id": "w", "zPosition": "top", "gestureRecognizers": [{"id": "s", "type": "swipe", "direction": "sideways"},
              {"id": "t", "type": "tap", "direction": "left"}, {"id": "u", "type": "swipe", "direction": []}]}}
            """)
        #expect(has(list, "/window/zPosition", "must be a number"))
        #expect(has(list, "/window/gestureRecognizers/0/direction", "unknown swipe direction \"sideways\""))
        #expect(has(list, "/window/gestureRecognizers/1/direction", "is for a swipe recognizer"))
        #expect(has(list, "/window/gestureRecognizers/2/direction", "at least one"))
    }

    /// A view with an `animation` (H10), as the scene decoder reads it.
    func animated(_ animation: String) throws -> ViewNode {
        try decode("""
            {"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 100, "height": 100},
              "subviews": [{"id": "v", "frame": {"x": 0, "y": 0, "width": 50, "height": 50}, "animation": \(animation)}]}}
            """).views[1]
    }

    func animationProblems(_ animation: String) -> [SceneProblem] {
        problems(#"{"window": {"id": "w", "subviews": [{"id": "v", "animation": "# + animation + "}]}}")
    }

    @Test func H10_animationDefaultsFollowTheDocumentation() throws {
        // UIView.animate: interaction off unless .allowUserInteraction.
        let block = try animated(#"{"kind": "uiViewAnimate"}"#)
        #expect(block.animation?.allowsUserInteraction == false)
        #expect(block.animationDisablesInteraction)
        // UIViewPropertyAnimator.isUserInteractionEnabled defaults to true.
        let animator = try animated(#"{"kind": "propertyAnimator"}"#)
        #expect(animator.animation?.allowsUserInteraction == true)
        #expect(!animator.animationDisablesInteraction)
        // Core Animation alone never switches touches off.
        let layer = try animated(#"{"kind": "coreAnimation", "presentationFrame": {"x": 10, "y": 0, "width": 50, "height": 50}}"#)
        #expect(!layer.animationDisablesInteraction)
        #expect(layer.animation?.presentationFrame == Rect(x: 10, y: 0, width: 50, height: 50))
        #expect(try !animated(#"{"kind": "uiViewAnimate", "allowsUserInteraction": true}"#).animationDisablesInteraction)
    }

    @Test func H10_animationProblemsNameTheirPointer() {
        let at = "/window/subviews/0/animation"
        #expect(has(animationProblems(#"{"allowsUserInteraction": false}"#), at, "needs a \"kind\""))
        #expect(has(animationProblems(#"{"kind": "uiViewAnimation"}"#), at + "/kind", "unknown animation kind"))
        #expect(has(animationProblems(#"{"kind": "coreAnimation", "allowsUserInteraction": false}"#), at + "/allowsUserInteraction", "Core Animation alone"))
        #expect(animationProblems(#"{"kind": "uiViewAnimate", "presentationFrame": {"x": 0, "y": 0, "width": -1, "height": 5}}"#).contains {
            $0.pointer == at + "/presentationFrame/width"
        })
        #expect(has(animationProblems(#"{"kind": "uiViewAnimate", "options": ["allowUserInteraction"]}"#), at + "/options", "unknown field"))
        #expect(animationProblems(#""fade""#).contains { $0.pointer == at })
    }
}
