import Testing
import TouchTraceEngine

/// H10: the scene field `animation` — its defaults (the documentation's) and its problems, each
/// named by its JSON pointer.
@Suite struct AnimationSceneTests {
    func decode(_ animation: String) throws(InputError) -> ViewNode {
        let scene = try SceneDecoder().decode(bytes: Array("""
            {"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 100, "height": 100},
              "subviews": [{"id": "v", "frame": {"x": 0, "y": 0, "width": 50, "height": 50}, "animation": \(animation)}]}}
            """.utf8))
        return scene.views[1]
    }

    func problems(_ animation: String) -> [SceneProblem] {
        do {
            _ = try decode(animation)
            return []
        } catch let .invalid(problems) {
            return problems
        } catch {
            Issue.record("expected a validation error, got \(error)")
            return []
        }
    }

    @Test func H10_defaultsFollowTheDocumentation() throws {
        // UIView.animate: interaction off unless .allowUserInteraction.
        let block = try decode(#"{"kind": "uiViewAnimate"}"#)
        #expect(block.animation?.allowsUserInteraction == false)
        #expect(block.animationDisablesInteraction)
        // UIViewPropertyAnimator.isUserInteractionEnabled defaults to true.
        let animator = try decode(#"{"kind": "propertyAnimator"}"#)
        #expect(animator.animation?.allowsUserInteraction == true)
        #expect(!animator.animationDisablesInteraction)
        // Core Animation alone never switches touches off.
        let layer = try decode(#"{"kind": "coreAnimation", "presentationFrame": {"x": 10, "y": 0, "width": 50, "height": 50}}"#)
        #expect(!layer.animationDisablesInteraction)
        #expect(layer.animation?.presentationFrame == Rect(x: 10, y: 0, width: 50, height: 50))
        let allowed = try decode(#"{"kind": "uiViewAnimate", "allowsUserInteraction": true}"#)
        #expect(!allowed.animationDisablesInteraction)
    }

    @Test func H10_problemsNameTheirPointer() {
        #expect(problems(#"{"allowsUserInteraction": false}"#).contains { $0.pointer == "/window/subviews/0/animation" && $0.message.contains("needs a \"kind\"") })
        #expect(problems(#"{"kind": "uiViewAnimation"}"#).contains {
            $0.pointer == "/window/subviews/0/animation/kind" && $0.message.contains("unknown animation kind")
        })
        #expect(problems(#"{"kind": "coreAnimation", "allowsUserInteraction": false}"#).contains {
            $0.pointer == "/window/subviews/0/animation/allowsUserInteraction" && $0.message.contains("Core Animation alone")
        })
        #expect(problems(#"{"kind": "uiViewAnimate", "presentationFrame": {"x": 0, "y": 0, "width": -1, "height": 5}}"#).contains {
            $0.pointer == "/window/subviews/0/animation/presentationFrame/width"
        })
        #expect(problems(#"{"kind": "uiViewAnimate", "options": ["allowUserInteraction"]}"#).contains {
            $0.pointer == "/window/subviews/0/animation/options" && $0.message.contains("unknown field")
        })
        #expect(problems(#""fade""#).contains { $0.pointer == "/window/subviews/0/animation" })
    }
}
