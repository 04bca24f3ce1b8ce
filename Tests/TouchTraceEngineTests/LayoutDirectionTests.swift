import Testing
import TouchTraceEngine
import TestSupport

/// Right-to-left layout (rule L6): each view's effective direction, and constraints read in the
/// direction of the view they are written in, so a right-to-left layout is the mirror image of
/// the left-to-right one.
@Suite struct LayoutDirectionTests {
    static func scene(_ text: String) throws -> Scene {
        try SceneDecoder().decode(bytes: Array(text.utf8))
    }

    static func frame(_ id: String, in scene: Scene, _ system: AutoLayoutSystem) -> Rect {
        system.frame(of: scene.viewIndex(id)!)
    }

    static func close(_ a: Rect, _ b: Rect) -> Bool {
        [a.minX - b.minX, a.minY - b.minY, a.size.width - b.size.width, a.size.height - b.size.height].allSatisfy { abs($0) < 1e-9 }
    }

    @Test func effectiveDirectionFollowsUIKitsTable() throws {
        let expected: [(SemanticContentAttribute, LayoutDirection, LayoutDirection)] = [
            (.unspecified, .leftToRight, .rightToLeft), (.playback, .leftToRight, .leftToRight),
            (.spatial, .leftToRight, .leftToRight), (.forceLeftToRight, .leftToRight, .leftToRight),
            (.forceRightToLeft, .rightToLeft, .rightToLeft),
        ]
        for (attribute, inLTR, inRTL) in expected {
            for (sceneDirection, want) in [(LayoutDirection.leftToRight, inLTR), (.rightToLeft, inRTL)] {
                let s = try Self.scene(
                    #"{"options": {"layoutDirection": "\#(sceneDirection.rawValue)"}, "window": {"id": "w", "subviews": [{"id": "v", "semanticContentAttribute": "\#(attribute.rawValue)"}]}}"#)
                #expect(s.layoutDirection(of: 1) == want, "\(attribute) in \(sceneDirection)")
            }
        }
    }

    @Test func directionalLayoutMarginsResolveAgainstTheViewsOwnDirection() throws {
        let s = try Self.scene(
            #"""
            {"options": {"layoutDirection": "rightToLeft"}, "window": {"id": "w", "subviews": [
              {"id": "rtl", "directionalLayoutMargins": {"top": 1, "leading": 30, "bottom": 2, "trailing": 10}},
              {"id": "ltr", "semanticContentAttribute": "forceLeftToRight", "directionalLayoutMargins": {"leading": 30, "trailing": 10}},
              {"id": "physical", "layoutMargins": {"left": 3, "right": 4}}]}}
            """#)
        #expect(s.layoutMargins(of: 1) == EdgeInsets(top: 1, left: 10, bottom: 2, right: 30))
        #expect(s.layoutMargins(of: 2) == EdgeInsets(top: 8, left: 30, bottom: 8, right: 10))
        #expect(s.layoutMargins(of: 3) == EdgeInsets(top: 8, left: 3, bottom: 8, right: 4))
    }

    /// A scene using only direction-relative attributes (leading/trailing with multipliers,
    /// with centerX, margins that are directional, an equalCentering stack, nested containers):
    /// every frame in right-to-left is its left-to-right frame mirrored inside its superview.
    @Test func rightToLeftIsTheMirrorImageOfLeftToRight() throws {
        func text(_ direction: LayoutDirection) -> String {
            #"""
            {"options": {"layoutDirection": "\#(direction.rawValue)"}, "window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 400, "height": 800}, "subviews": [
              {"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 800}, "directionalLayoutMargins": {"leading": 12, "trailing": 30},
               "subviews": [
                {"id": "a", "translatesAutoresizingMaskIntoConstraints": false, "intrinsicContentSize": {"width": 70, "height": 20},
                 "constraints": [{"firstAttribute": "leading", "secondItem": "root", "secondAttribute": "leadingMargin", "constant": 5},
                                 {"firstAttribute": "top", "secondItem": "root", "constant": 10}]},
                {"id": "b", "translatesAutoresizingMaskIntoConstraints": false, "intrinsicContentSize": {"width": 40, "height": 20},
                 "constraints": [{"firstAttribute": "leading", "secondItem": "root", "secondAttribute": "trailing", "multiplier": 0.25},
                                 {"firstAttribute": "top", "secondItem": "a", "secondAttribute": "bottom", "constant": 10}]},
                {"id": "c", "translatesAutoresizingMaskIntoConstraints": false, "intrinsicContentSize": {"width": 50, "height": 20},
                 "constraints": [{"firstAttribute": "trailing", "secondItem": "root", "secondAttribute": "centerX", "constant": -7},
                                 {"firstAttribute": "top", "secondItem": "b", "secondAttribute": "bottom", "constant": 10}]},
                {"id": "d", "translatesAutoresizingMaskIntoConstraints": false,
                 "constraints": [{"firstAttribute": "leading", "secondItem": "c", "secondAttribute": "trailing", "constant": 8},
                                 {"firstAttribute": "trailing", "secondItem": "root", "secondAttribute": "trailingMargin", "relation": "<="},
                                 {"firstAttribute": "width", "constant": 1000, "priority": 500},
                                 {"firstAttribute": "top", "secondItem": "c", "secondAttribute": "top"},
                                 {"firstAttribute": "height", "constant": 30}],
                 "subviews": [{"id": "dChild", "translatesAutoresizingMaskIntoConstraints": false,
                   "constraints": [{"firstAttribute": "leading", "secondItem": "d", "secondAttribute": "centerX"},
                                   {"firstAttribute": "trailing", "secondItem": "d", "constant": -3},
                                   {"firstAttribute": "top", "secondItem": "d"}, {"firstAttribute": "bottom", "secondItem": "d"}]}]},
                {"id": "stack", "class": "UIStackView", "frame": {"x": 0, "y": 300, "width": 400, "height": 40},
                 "stack": {"axis": "horizontal", "distribution": "equalCentering"},
                 "subviews": [{"id": "s1", "intrinsicContentSize": {"width": 20, "height": 10}},
                              {"id": "s2", "intrinsicContentSize": {"width": 100, "height": 10}},
                              {"id": "s3", "intrinsicContentSize": {"width": 60, "height": 10}}]},
                {"id": "column", "class": "UIStackView", "frame": {"x": 0, "y": 400, "width": 400, "height": 40},
                 "stack": {"axis": "vertical", "alignment": "trailing"},
                 "subviews": [{"id": "k1", "intrinsicContentSize": {"width": 120, "height": 40}}]}]}]}}
            """#
        }
        let ltrScene = try Self.scene(text(.leftToRight))
        let rtlScene = try Self.scene(text(.rightToLeft))
        let ltr = AutoLayoutSystem(scene: ltrScene)
        let rtl = AutoLayoutSystem(scene: rtlScene)
        #expect(ltr.conflicts.isEmpty && rtl.conflicts.isEmpty)
        #expect(ltr.ambiguousViews.isEmpty && rtl.ambiguousViews.isEmpty)
        for id in ["a", "b", "c", "d", "dChild", "s1", "s2", "s3", "k1"] {
            let v = ltrScene.viewIndex(id)!
            let parentWidth = ltr.frame(of: ltrScene.views[v].parent!).size.width
            let l = ltr.frame(of: v)
            let r = rtl.frame(of: v)
            #expect(abs(r.minX - (parentWidth - l.maxX)) < 1e-9, "\(id): \(l) mirrored is not \(r)")
            #expect(abs(r.minY - l.minY) < 1e-9 && abs(r.size.width - l.size.width) < 1e-9 && abs(r.size.height - l.size.height) < 1e-9, "\(id): \(l) vs \(r)")
        }
        // The left-to-right frames, by hand: a at 12 + 5; b at 0.25 × 400; c's trailing at 200 − 7;
        // d from 193 + 8 to 400 − 30; dChild from d's centre to 3 before its trailing edge.
        #expect(Self.close(ltr.frame(of: ltrScene.viewIndex("a")!), Rect(x: 17, y: 10, width: 70, height: 20)))
        #expect(Self.close(ltr.frame(of: ltrScene.viewIndex("b")!), Rect(x: 100, y: 40, width: 40, height: 20)))
        #expect(Self.close(ltr.frame(of: ltrScene.viewIndex("c")!), Rect(x: 143, y: 70, width: 50, height: 20)))
        #expect(Self.close(ltr.frame(of: ltrScene.viewIndex("d")!), Rect(x: 201, y: 70, width: 169, height: 30)))
        #expect(Self.close(ltr.frame(of: ltrScene.viewIndex("dChild")!), Rect(x: 84.5, y: 0, width: 81.5, height: 30)))
    }

    @Test func forceRightToLeftFlipsAStackInALeftToRightScene() throws {
        let s = try Self.scene(
            #"""
            {"window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 300, "height": 300}, "subviews": [
              {"id": "stack", "class": "UIStackView", "semanticContentAttribute": "forceRightToLeft",
               "frame": {"x": 0, "y": 0, "width": 300, "height": 40}, "stack": {"distribution": "fillEqually", "spacing": 30},
               "subviews": [{"id": "first"}, {"id": "second"}]},
              {"id": "plain", "class": "UIStackView",
               "frame": {"x": 0, "y": 50, "width": 300, "height": 40}, "stack": {"distribution": "fillEqually", "spacing": 30},
               "subviews": [{"id": "p1"}, {"id": "p2"}]}]}}
            """#)
        let system = AutoLayoutSystem(scene: s)
        #expect(Self.close(Self.frame("first", in: s, system), Rect(x: 165, y: 0, width: 135, height: 40)))
        #expect(Self.close(Self.frame("second", in: s, system), Rect(x: 0, y: 0, width: 135, height: 40)))
        #expect(Self.close(Self.frame("p1", in: s, system), Rect(x: 0, y: 0, width: 135, height: 40)))
    }

    /// The layout pass (`layoutSubviews`) applies the right-to-left solution, and a hit test
    /// after it finds the first arranged subview at the right.
    @Test func theLayoutPassAndHitTestingSeeTheFlippedFrames() throws {
        let s = try Self.scene(
            #"""
            {"options": {"layoutDirection": "rightToLeft"}, "window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 300, "height": 300}, "subviews": [
              {"id": "stack", "class": "UIStackView", "frame": {"x": 0, "y": 0, "width": 300, "height": 40},
               "stack": {"distribution": "fillEqually"}, "subviews": [{"id": "first"}, {"id": "second"}]}]}}
            """#)
        let layout = try TouchTrace.layout(try LayoutRequest.decode(.obj(["changes": .array([])])), in: s)
        #expect(layout["frames"]?["first"]?["x"] == .number(150))
        #expect(layout["frames"]?["second"]?["x"] == .number(0))
        let laidOut = try s.applying([]).scene
        let hit = try TouchTrace.hitTest(try HitTestRequest.decode(.obj(["point": .obj(["x": .number(280), "y": .number(20)])])), in: laidOut)
        #expect(hit["hitView"] == .string("first"))
    }
}
