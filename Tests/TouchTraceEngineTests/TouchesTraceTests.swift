import Foundation
import Testing
@testable import TouchTraceEngine
import TestSupport

/// The typed touches trace (`TouchesTrace`) and its writers: every entry kind is written with
/// the fields docs/trace-schema.md lists for its `type`, `controlEvents` and `actions` are read
/// off the log, and the direct byte writer gives `JSONWriter`'s bytes. (Every touches and
/// actions fixture checks the whole response.)
@Suite struct TouchesTraceTests {
    static let sceneJSON = #"""
        {"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 390, "height": 844},
          "viewController": {"id": "vc", "actions": ["pay:"]},
          "subviews": [
            {"id": "feed", "class": "UIScrollView", "frame": {"x": 0, "y": 0, "width": 390, "height": 800},
             "gestureRecognizers": [{"id": "tap", "type": "tap", "targets": [{"target": "vc", "action": "tapped:"}]}],
             "subviews": [{"id": "b", "class": "UIButton", "frame": {"x": 10, "y": 10, "width": 100, "height": 44}}]},
            {"id": "table", "class": "UITableView", "selection": {"delegate": "vc"}, "subviews": [{"id": "cell", "class": "UITableViewCell"}]},
            {"id": "tabs", "class": "UITabBar", "bar": {"items": [{"id": "tab1", "viewController": "vc"}], "tabBarController": "vc"}}]}}
        """#

    static func scene() throws -> Scene { try SceneDecoder().decode(JSONParser().parse(sceneJSON)) }

    /// One entry of every kind, on the scene above (w = 0, feed = 1, b = 2, table = 3, cell = 4,
    /// tabs = 5, and tab1 = 6, the view the tab bar makes for its item).
    static func everyKind(_ scene: Scene) -> [TouchesTrace.Entry] {
        let tap = GestureRecognizerRef(view: 1, kind: .declared(0))
        let pan = GestureRecognizerRef(view: 1, kind: .scrollPan)
        let delay = GestureRecognizerRef(view: 1, kind: .scrollDelay)
        let p = Point(x: 20, y: 30)
        let delivery = scene.sendAction("pay:", to: nil, from: 2, event: "touchUpInside")
        let kinds: [(RuleID, TouchesTrace.Kind)] = [
            (.R2, .hitTest(touch: 1, point: p, hitView: 2, window: 0, tapCount: 1)),
            (.M3, .multiTap(touch: 2, tapCount: 2, previousTouch: 1)),
            (.M2, .touchIgnored(touch: 3, view: 2, reason: .exclusiveTouch, otherTouch: 1, exclusiveView: 2)),
            (.R3, .touches(.began, responder: .viewController(0), touch: 1, forwarded: true, handling: .forward, point: nil)),
            (.R4, .touches(.moved, responder: .view(2), touch: 1, forwarded: false, handling: .control, point: p)),
            (.C1, .tracking(.beginTracking, control: 2, touch: 1, returned: true)),
            (.C1, .state(control: 2, property: .highlighted, value: .bool(true))),
            (.C2, .controlEvent(control: 2, event: "touchDown", touch: 1)),
            (delivery.rule, .action(delivery)),
            (.G6, .recognizerAction(tap, state: .recognized, action: "tapped:", target: "vc")),
            (.C8, .set(control: 2, property: .enabled, value: .bool(false), tracking: true)),
            (.T1, .addTarget(control: 2, registration: TargetRegistration(target: nil, action: "pay:", events: .touchUpInside))),
            (.T6, .removeTarget(control: 2, target: nil, action: nil, events: .allTouchEvents)),
            (.G1, .recognizerTouches(touch: 1, phase: .began, recognizers: [delay, pan, tap])),
            (.G4, .gestureRecognizer(tap, from: .possible, to: .failed, reason: .controlWins(control: 2))),
            (.G5, .gestureRecognizerWaits(tap, wants: .recognized, reason: .recognizer("touch-up of a tap"), waitingFor: [pan])),
            (.S1, .touchDelayed(touch: 1, phase: .began, view: 2, by: [delay])),
            (.S2, .cancelsTouchesInView(pan, touch: 1, view: 2, touchesCancelled: false, dropped: [.began])),
            (.S2, .scroll(scrollView: 1, phase: .began, touch: 1, motion: TouchesTrace.ScrollEntryMotion(contentOffset: p))),
            (.H3, .drawnOnTop(touch: 1, view: 2, over: 1)),
            (.L2, .needsLayout(view: 1, reason: .boundsOriginChanged, coalesced: false)),
            (.L3, .layoutSubviews(view: 1, reason: .boundsOriginChanged, marks: 2)),
            (.F1, .becomeFirstResponder(view: 2, previous: .viewController(0), touch: 1)),
            (.F1, .resignFirstResponder(responder: .view(2), next: 1, touch: nil)),
            (.F2, .firstResponderKept(responder: .view(2), touch: 1)),
            (.V1, .cellState(cell: 4, list: 3, indexPath: CellIndexPath(section: 0, item: 0), property: .highlighted, value: true)),
            (.V2, .delegateCall(TouchesTrace.DelegateCall(
                sender: 3, method: "tableView(_:didSelectRowAt:)", receiver: "vc", indexPath: CellIndexPath(section: 0, item: 0)))),
            (.V2, .noSelection(list: 3, cell: 4, touch: 1, reason: .controlInCell(control: 2))),
            (.B1, .popViewController(bar: 5, item: 6, viewController: 0)),
            (.B2, .selectTab(bar: 5, item: 6, index: 0, previous: nil, tabBarController: 0, viewController: 0)),
        ]
        return kinds.enumerated().map { TouchesTrace.Entry(time: Double($0.offset) / 10, rule: $0.element.0, kind: $0.element.1) }
    }

    /// The `| `type` | fields | … |` rows of docs/trace-schema.md's touches log table: type → the
    /// names written in backticks in its fields column.
    static func documentedFields() throws -> [String: Set<String>] {
        let url = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/trace-schema.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let start = text.range(of: "### Log entries"), let end = text.range(of: "## The layout trace") else { return [:] }
        var result: [String: Set<String>] = [:]
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| `") {
            let columns = line.split(separator: "|", omittingEmptySubsequences: false).map { String($0) }
            guard columns.count > 3 else { continue }
            let names = { (column: String) in
                Set(column.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
            }
            for type in names(columns[1]) { result[type] = names(columns[2]) }
        }
        return result
    }

    /// The entries as the touches answer's `log` writes them (``ResponseEncoder``).
    static func json(_ entries: [TouchesTrace.Entry], in scene: Scene) -> [JSONValue] {
        var trace = TouchesTrace()
        trace.log = entries
        guard case let .array(log)? = ResponseEncoder.json(TouchesResult(scene: scene, trace: trace))["log"] else { return [] }
        return log
    }

    @Test func everyEntryIsWrittenWithTheFieldsTheSchemaDocuments() throws {
        let scene = try Self.scene()
        let documented = try Self.documentedFields()
        #expect(documented.count >= 20, "the schema's log table was not found")
        let entries = Self.everyKind(scene)
        let written = Self.json(entries, in: scene)
        #expect(written.count == entries.count)
        for (entry, json) in zip(entries, written) {
            guard case let .object(members) = json else {
                Issue.record("\(entry.kind.type) is not an object")
                continue
            }
            let keys = Set(members.map(\.key))
            #expect(json["type"] == .string(entry.kind.type))
            #expect(json["rule"] == .string(entry.rule.rawValue))
            #expect(json["t"] == .number(entry.time ?? -1))
            guard let fields = documented[entry.kind.type] else {
                Issue.record("docs/trace-schema.md has no row for \(entry.kind.type)")
                continue
            }
            let undocumented = keys.subtracting(["type", "rule", "t"]).subtracting(fields)
            #expect(undocumented.isEmpty, "\(entry.kind.type): \(undocumented.sorted()) not in docs/trace-schema.md")
        }
    }

    @Test func idsAndSentencesAreResolvedFromTheScene() throws {
        let scene = try Self.scene()
        let entries = Self.json(Self.everyKind(scene), in: scene)
        try #require(entries.count > 14)
        #expect(entries[13]["recognizers"] == .array(["feed#delay", "feed#pan", "tap"]))
        #expect(entries[14]["reason"] == "UIButton \"b\" wins the touch: gestureRecognizerShouldBegin returned false")
        #expect(entries[3]["responder"] == "vc")
        // A tracking control's call has its bounds point; a plain responder's has none.
        #expect(entries[4]["point"] == .obj(["x": 20, "y": 30]))
        #expect(entries[3]["point"] == nil)
    }

    @Test func controlEventsAndActionsAreReadOffTheLog() throws {
        let scene = try Self.scene()
        var trace = TouchesTrace()
        trace.log = Self.everyKind(scene)
        let result = TouchesResult(scene: scene, trace: trace)
        #expect(result.controlEvents.map { [scene.views[$0.control].id, $0.event, $0.touch.map(String.init) ?? "-"] } == [["b", "touchDown", "1"]])
        #expect(result.actions.map(\.rule) == [.T4, .G6])
        let json = ResponseEncoder.json(result)
        #expect(json["controlEvents"] == .array([.obj(["control": "b", "event": "touchDown", "touch": 1])]))
        guard case let .array(actions)? = json["actions"] else {
            Issue.record("actions is not an array")
            return
        }
        #expect(actions == result.actions.map(ResponseEncoder.json))
        #expect(actions.count == 2)
        #expect(actions.first?["resolution"] == "responderChain" && actions.first?["target"] == "vc" && actions.first?["rule"] == "T4")
        #expect(actions.last == .obj([
            "sender": "tap", "event": "recognized", "action": "tapped:", "target": "vc", "resolution": "explicit",
            "searched": .array([]), "rule": "G6",
        ]))
    }

    /// The one writer writes every kind's keys in sorted order, with and without its optional
    /// fields (what `JSONWriter` would write for the same document; in debug builds the
    /// encoder also checks it as it writes).
    @Test func everyEntryKindIsWrittenWithSortedKeys() throws {
        let scene = try Self.scene()
        var entries = Self.everyKind(scene)
        // Without a time (an actions request), and the optional fields of each kind the other way.
        entries += entries.map { TouchesTrace.Entry(time: nil, rule: $0.rule, kind: $0.kind) }
        var redirected = scene.sendAction("pay:", to: "vc", from: 2, event: "touchUpInside")
        (redirected.resolution, redirected.registeredTarget, redirected.registeredAction) = (.redirected, "vc", nil)
        let tap = GestureRecognizerRef(view: 1, kind: .declared(0))
        let more: [TouchesTrace.Kind] = [
            .action(redirected), .recognizerAction(tap, state: .ended, action: "x:", target: nil),
            .touchIgnored(touch: 3, view: 2, reason: .multipleTouchDisabled, otherTouch: 1, exclusiveView: nil),
            .touches(.cancelled, responder: .view(2), touch: 1, forwarded: false, handling: .control, point: nil),
            .touches(.ended, responder: .application, touch: 1, forwarded: false, handling: .handleAndForward, point: nil),
            .touches(.moved, responder: .view(2), touch: 1, forwarded: true, handling: .control, point: nil),
            .tracking(.endTracking, control: 2, touch: 1, returned: nil),
            .set(control: 2, property: .value, value: nil, tracking: false),
            .set(control: 2, property: .value, value: .number(0.25), tracking: false),
            .removeTarget(control: 2, target: "vc", action: "pay:", events: [.touchDown, .touchUpInside]),
            .touchDelayed(touch: 1, phase: .ended, view: nil, by: []),
            .cancelsTouchesInView(tap, touch: 1, view: 2, touchesCancelled: true, dropped: []),
            .scroll(scrollView: 1, phase: .ended, touch: nil, motion: {
                var m = TouchesTrace.ScrollEntryMotion(contentOffset: Point(x: 0, y: 12.5))
                (m.velocity, m.target, m.restsAt, m.pastEdge, m.lock) = (Point(x: 0, y: -300), Point(x: 0, y: 160), 1.25, true, .vertical)
                return m
            }()),
            .cellState(cell: nil, list: 3, indexPath: CellIndexPath(section: 1, item: 2), property: .selected, value: false),
            .delegateCall(TouchesTrace.DelegateCall(sender: 3, method: "tableView(_:willSelectRowAt:)", receiver: nil, indexPath: CellIndexPath(section: 0, item: 0), returned: .indexPath(nil))),
            .delegateCall(TouchesTrace.DelegateCall(sender: 3, method: "tableView(_:shouldHighlightRowAt:)", receiver: "vc", returned: .bool(false))),
            .noSelection(list: 3, cell: 4, touch: 2, reason: .recognizer(tap)),
            .selectTab(bar: 5, item: 6, index: 0, previous: 0, tabBarController: nil, viewController: nil),
            .hitTest(touch: 1, point: Point(x: -0.5, y: 1e-7), hitView: nil, window: nil, tapCount: 3),
        ]
        entries += more.map { TouchesTrace.Entry(time: 0.45, rule: .G6, kind: $0) }
        for entry in entries {
            var trace = TouchesTrace()
            trace.log = [entry]
            let bytes = ResponseEncoder.bytes(TouchesResult(scene: scene, trace: trace))
            #expect(bytes.isCanonicalJSON, "\(entry.kind.type): \(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test(arguments: Fixtures.files(in: "touches").map(\.lastPathComponent))
    func touchesAnswersAreCanonical(_ name: String) throws {
        let url = Fixtures.root.appendingPathComponent("touches").appendingPathComponent(name)
        let document = try JSONParser().parse([UInt8](Data(contentsOf: url)))
        guard let sceneJSON = document["scene"], case let .array(cases)? = document["cases"] else {
            Issue.record("\(name): no scene or cases")
            return
        }
        let scene = try SceneDecoder().decode(sceneJSON)
        var compared = 0
        for testCase in cases {
            guard let requestJSON = testCase["request"], let request = try? TouchRequest.decode(requestJSON) else { continue }
            guard let bytes = try? TouchTrace.touchesBytes(request, in: scene) else { continue }
            #expect(bytes.isCanonicalJSON, "\(name): \(testCase["name"] ?? .null)")
            compared += 1
        }
        #expect(compared > 0, "\(name): no case gives a touches response")
    }
}
