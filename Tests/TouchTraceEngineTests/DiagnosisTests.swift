import Testing
import TestSupport
import TouchTraceEngine

/// The diagnosis stage on its own: bad requests, and its agreement with the hit tester and the
/// effective hit regions on random scenes.
@Suite struct DiagnosisTests {
    static func whyNot(_ scene: JSONValue, _ request: JSONValue) -> JSONValue {
        DiagnosisFixtures.response(scene: scene, request: request)
    }

    static let scene: JSONValue = .obj([
        "window": .obj([
            "id": "win", "frame": .obj(["x": 0, "y": 0, "width": 390, "height": 844]),
            "subviews": .array([
                .obj([
                    "id": "payButton", "class": "UIButton", "frame": .obj(["x": 20, "y": 700, "width": 350, "height": 50]),
                    "gestureRecognizers": .array([.obj(["id": "payTap", "type": "tap"])]),
                    "viewController": .obj(["id": "payController"]),
                ])
            ]),
        ])
    ])

    static func problem(_ answer: JSONValue) -> (pointer: String, message: String)? {
        guard case let .array(errors)? = answer["errors"], case let .string(pointer)? = errors.first?["pointer"],
            case let .string(message)? = errors.first?["message"]
        else { return nil }
        return (pointer, message)
    }

    @Test func anUnknownViewIsAProblemWithASuggestion() throws {
        let p = try #require(Self.problem(Self.whyNot(Self.scene, .obj(["view": "paybutton"]))))
        #expect(p.pointer == "/view")
        #expect(p.message == "\"paybutton\" is not a view of the scene (did you mean \"payButton\"?)")
    }

    @Test func aRecognizerOrAControllerIsNotAView() throws {
        let recognizer = try #require(Self.problem(Self.whyNot(Self.scene, .obj(["view": "payTap"]))))
        #expect(recognizer.message.hasPrefix("\"payTap\" is a gesture recognizer, not a view"))
        let controller = try #require(Self.problem(Self.whyNot(Self.scene, .obj(["view": "payController"]))))
        #expect(controller.message.hasPrefix("\"payController\" is a view controller, not a view"))
    }

    @Test func theRequestNeedsAViewAndNoStrangers() throws {
        let missing = try #require(Self.problem(Self.whyNot(Self.scene, .obj(["point": .obj(["x": 1, "y": 2])]))))
        #expect(missing.pointer == "" && missing.message.contains("\"view\""))
        let stranger = try #require(Self.problem(Self.whyNot(Self.scene, .obj(["view": "payButton", "pont": 1]))))
        #expect(stranger.pointer == "/pont")
        let badPoint = try #require(Self.problem(Self.whyNot(Self.scene, .obj(["view": "payButton", "point": .obj(["x": "1", "y": 2])]))))
        #expect(badPoint.pointer.hasPrefix("/point"))
    }

    /// On random scenes (transforms, touch areas, overrides, hidden, transparent, disabled and
    /// non-interactive views, recognizers, views that handle touches, a window in front), for
    /// every view at points of a grid: the diagnosis's hit view is the hit tester's, and the
    /// hit-testing causes that block are empty exactly when the touch there reaches the view as
    /// the effective hit regions define it (`HitRegionMap.touch(hitting:reaches:)`, an
    /// independent implementation). A failure prints the seed, the view and the point.
    @Test(arguments: Array(UInt64(1)...12))
    func agreesWithHitTestingAndTheRegions(seed: UInt64) throws {
        var g = SplitMix64(state: seed &* 0x9E37_79B9)
        let scene = try SceneDecoder().decode(RandomRegionScene.make(&g)).laidOut()
        let map = HitRegionMap(scene: scene)
        let diagnoser = Diagnoser(scene: scene)
        var failures = 0
        var checked = 0
        for v in scene.views.indices {
            let root = scene.root(of: v)
            var y = -9.7
            while y < 250 {
                var x = -9.3
                while x < 320 {
                    let p = Point(x: x, y: y)
                    x += 23.7
                    let d = diagnoser.diagnose(v, at: p)
                    let hit = map.tester.hitTest(p, inWindow: root, traced: false).hitView
                    let reached = hit.map { map.touch(hitting: $0, reaches: v) } ?? false
                    let blocked = d.causes.contains { $0.blocks && $0.kind != .gestureRecognizer }
                    checked += 1
                    guard d.hitView != hit || blocked == reached else { continue }
                    failures += 1
                    if failures <= 5 {
                        Issue.record(
                            "seed \(seed): \(scene.views[v].id) at (\(p.x), \(p.y)): hit \(hit.map { scene.views[$0].id } ?? "nil") reaches it: \(reached); diagnosis hit \(d.hitView.map { scene.views[$0].id } ?? "nil"), causes \(d.causes.map { "\($0.kind.rawValue) \(scene.views[$0.view].id)" })")
                    }
                }
                y += 21.3
            }
        }
        #expect(checked > 1_000)
    }

    /// The causes whose fix is one `set` change.
    static let stateKinds: Set<Diagnosis.Cause.Kind> = [.hidden, .interactionDisabled, .transparent, .disabledControl]

    /// On the same scenes: when every cause is a state whose fix is a change (hidden,
    /// interaction, alpha, enabled), applying the changes leaves the view reachable there.
    @Test func applyingTheFixesMakesTheViewReachable() throws {
        var applied = 0
        for seed in UInt64(1)...12 {
        var g = SplitMix64(state: seed &* 0x9E37_79B9)
        let scene = try SceneDecoder().decode(RandomRegionScene.make(&g)).laidOut()
        let diagnoser = Diagnoser(scene: scene)
        for v in scene.views.indices {
            let d = diagnoser.diagnose(v)
            guard !d.reachable, d.causes.allSatisfy({ !$0.blocks || Self.stateKinds.contains($0.kind) }) else { continue }
            let changes = d.fixes.compactMap { f in f.change.map { LayoutChange(.set(view: scene.views[f.view].id, properties: [$0]), pointer: "") } }
            let fixed = try scene.applying(changes).scene
            let again = Diagnoser(scene: fixed).diagnose(v, at: d.point)
            #expect(d.fixes.allSatisfy { $0.change != nil })
            #expect(again.reachable, "seed \(seed): \(scene.views[v].id) after \(d.fixes.map(\.text)): \(again.causes.map(\.detail))")
            applied += 1
        }
        }
        #expect(applied >= 10, "only \(applied) views where only states block")
    }
}

/// The effective hit regions and the diagnosis explain the same thing (one explainer): at the
/// middle of each part of a view's touch area that a region blocker claims, the diagnosis of
/// that view there has a cause of the blocker's kind naming the same view, and the blocker's
/// words are the diagnosis's phrase for it.
@Suite struct DiagnosisAgreesWithRegionBlockersTests {
    @Test func blockersAreCausesThere() throws {
        var checked = 0
        for seed in UInt64(1)...12 {
        var g = SplitMix64(state: seed &* 0x9E37_79B9)
        let scene = try SceneDecoder().decode(RandomRegionScene.make(&g)).laidOut()
        let map = HitRegionMap(scene: scene)
        let diagnoser = Diagnoser(tester: map.tester)
        for v in scene.views.indices {
            let region = map.region(of: v)
            guard region.unreachable == nil else { continue }
            for blocker in region.blockers {
                guard let kind = Self.kind(of: blocker.relation) else { continue }
                // The middle of the blocked part's largest piece, far enough from its edges.
                guard let piece = blocker.pieces.max(by: { $0.area < $1.area }), piece.height > 1,
                    min(piece.topRight - piece.topLeft, piece.bottomRight - piece.bottomLeft) > 1
                else { continue }
                let y = (piece.top + piece.bottom) / 2
                let middle = region.axes.toWindow(Point(x: (piece.left(at: y) + piece.right(at: y)) / 2, y: y))
                guard let d = diagnoser.diagnose(v, at: middle, fromWindow: nil) else { continue }
                let named = blocker.relation == .covered(.viewController) ? blocker.viewController.map { scene.viewControllers[$0].view } : blocker.view
                let matches = d.causes.filter { c in
                    (c.kind == kind || (kind == .outsideSuperviewBounds && c.override == .pointInside)) && (named == nil || c.view == named || c.answer == named)
                }
                checked += 1
                #expect(!matches.isEmpty, "seed \(seed): \(scene.views[v].id) at \(middle): blocker \(blocker.relation) \(named.map { scene.views[$0].id } ?? "-"), diagnosis \(d.causes.map { "\($0.kind.rawValue) \(scene.views[$0.view].id)" })")
                if kind != .outsideSuperviewBounds, let cause = matches.first {
                    #expect(cause.phrase(of: v, in: scene) == blocker.phrase(of: v, in: scene), "seed \(seed): the same words for \(blocker.relation)")
                }
            }
        }
        }
        #expect(checked > 50, "only \(checked) blocked parts checked")
    }

    /// A view in no window (its superview removed from its own): the region's blocker and the
    /// diagnosis give the same rule (H8: only windows are asked), name the same view — the top
    /// of the detached tree, the one the fix adds to a window — and say the same words.
    @Test func aDetachedViewIsNotInWindowUnderH8() throws {
        let scene = try SceneDecoder().decode(bytes: Array(#"""
            {"window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "subviews": [
              {"id": "panel", "frame": {"x": 0, "y": 100, "width": 390, "height": 300}, "subviews": [
                {"id": "closeButton", "class": "UIButton", "frame": {"x": 340, "y": 10, "width": 40, "height": 40}}]}]}}
            """#.utf8))
        let removal = #"{"changes": [{"op": "removeFromSuperview", "view": "panel"}]}"#
        let (detached, _) = try scene.applying(try LayoutRequest.decode(try JSONParser().parse(Array(removal.utf8))).changes)
        let button = try #require(detached.viewIndex("closeButton"))
        let panel = try #require(detached.viewIndex("panel"))
        let map = HitRegionMap(scene: detached)
        let region = map.region(of: button)
        let blocker = try #require(region.blockers.first)
        #expect(blocker.relation == .unreachable(.notInWindow))
        #expect(blocker.relation.name == "notInWindow")
        #expect(region.unreachable?.reason == .notInWindow)
        let diagnosis = Diagnoser(tester: map.tester).diagnose(button)
        let cause = try #require(diagnosis.causes.first)
        #expect(cause.kind == .notInWindow && cause.view == panel)
        #expect(diagnosis.fixes.first?.text == "add panel to a view of a window (addSubview(_:))")
        #expect(region.unreachable?.view == panel && blocker.view == panel)
        #expect(blocker.rule == cause.rule)
        #expect(blocker.phrase(of: button, in: detached) == cause.phrase(of: button, in: detached))
        #expect(blocker.phrase(of: button, in: detached) == "inside panel, which is in no window (H8)")
        // The top of the detached tree names itself.
        #expect(map.region(of: panel).unreachable?.view == panel)
        #expect(map.region(of: panel).blockers.first?.phrase(of: panel, in: detached) == "not in any window (H8)")
    }

    /// The cause kind a region blocker's relation is (nil for `elsewhere`).
    static func kind(of relation: RegionBlocker.Relation) -> Diagnosis.Cause.Kind? {
        switch relation {
        case .covered: return .coveredBy
        case .capturedByAncestor, .redirected, .passesThrough: return .hitTestOverride
        case .outsideAncestor: return .outsideSuperviewBounds
        case .unreachable(.hidden): return .hidden
        case .unreachable(.userInteractionDisabled): return .interactionDisabled
        case .unreachable(.transparent): return .transparent
        case .unreachable(.disabledControl): return .disabledControl
        case .unreachable(.animating): return .animating
        case .unreachable(.nonInvertibleTransform): return .zeroSize
        case .unreachable(.notInWindow): return .notInWindow
        case .elsewhere: return nil
        }
    }
}

