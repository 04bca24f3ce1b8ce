import TestSupport
import TouchTraceEngine
@testable import TouchTraceImport

/// The document's own connections as the oracle for what a tap reaches. For every control with
/// an `<action>` (or a segue it triggers), and every gesture recognizer with an action or a
/// segue, that the document shows tappable — visible and enabled, the centre of its stored
/// frame inside every ancestor's stored bounds (H4), and a hit test over the stored frames and
/// flags at that centre ending at it or inside it (nothing interactive drawn over it) — a tap at
/// its centre in the imported scene (as the app runs) must reach it and send that action to that
/// destination: the scene id of an explicit destination, the nil-target search for First
/// Responder (T4), the scene's controller for a segue. The connection is *tap-triggered* when a
/// tap produces its event on that class (touch-up inside, touch-down, primary action, a
/// switch's value change, a text field's editing start); for other events (a slider's value
/// change, typing) only the reach is checked.
struct IBConnectionOracle {
    struct Connection: CustomStringConvertible {
        var unit: String
        var source: String
        var element: String
        var action: String
        var event: String
        var destination: String
        var tapTriggered: Bool
        var reached = false
        var delivered = false
        var detail = ""
        var description: String {
            "\(unit) \(element) \(source) \(action) [\(event)] → \(destination): \(reached ? (tapTriggered ? (delivered ? "delivered" : "reached, not delivered") : "reached") : "not reached")\(detail.isEmpty ? "" : " (\(detail))")"
        }
        var ok: Bool { reached && (!tapTriggered || delivered) }
    }

    struct FileResult {
        var file: String
        var connections: [Connection] = []
        /// Connections the stored frames show untappable, by reason.
        var ineligible: [String: Int] = [:]
        /// Segues from cells (V5) the document shows tappable: a tap at the cell's centre must
        /// select it and send the segue's action to the scene's controller. Counted apart from
        /// the connections (the issue's oracle is about controls and recognizers).
        var cellSegues: [Connection] = []
        var cellSeguesIneligible = 0
        var eligible: Int { connections.count }
        var passing: Int { connections.filter(\.ok).count }
    }

    static let tapEvents: Set<String> = ["touchUpInside", "touchDown", "allTouchEvents", "allEvents"]

    static func check(file: String, bytes: [UInt8]) throws -> FileResult {
        var result = FileResult(file: file)
        let format = ImportFormat(fileName: file) ?? .xib
        let doc = try IBDocument(tree: XMLTree.parse(bytes, limits: ImportLimits()))
        let requests: [(unit: String, scene: Int?, options: ImportOptions)] = doc.kind == .storyboard
            ? doc.units.map { ($0.id, $0.scene, ImportOptions(scene: $0.id)) }
            : [("xib", nil, ImportOptions())]
        for request in requests {
            let imported = try Importer.importDocument(bytes, format: format, options: request.options)
            guard let json = imported.scene else { continue }
            try checkUnit(request.unit, scene: request.scene, imported: imported, laidOut: try SceneDecoder().decode(json).laidOut(), doc: doc, into: &result)
        }
        return result
    }

    /// The connections of one unit (a storyboard scene, or a xib), in its imported and laid-out scene.
    static func checkUnit(_ unit: String, scene unitScene: Int?, imported: ImportResult, laidOut scene: Scene, doc: IBDocument, into result: inout FileResult) throws {
        let tree = doc.tree
        let importer = IBImport(doc: doc, options: ImportOptions())
        let request = (unit: unit, scene: unitScene)
        var sceneID: [String: String] = [:]
        for (id, source) in imported.ids { sceneID[source] = id }
        let stored = IBStoredTree(doc: doc, importer: importer)
        // The tap goes to the scene as imported, as a touches request does (the engine runs its
        // initial layout cycle; a second cycle over an already laid-out scene need not agree
        // with the first, e.g. a proportional stack over stale frames).
        guard let json = imported.scene else { return }
        let asImported = try SceneDecoder().decode(json)
        // The unit's views with connections.
        for e in tree.elements.indices where doc.isView(e) {
            if let unitScene = request.scene, doc.scene(of: e) != unitScene { continue }
            guard let sourceID = tree[e]["id"], let viewID = sceneID[sourceID], let view = scene.viewIndex(viewID) else { continue }
            var wired: [(action: String, event: String, destination: String, recognizer: String?)] = []
            let viewClass = doc.viewClass(of: e)
            if viewClass == .UITableViewCell || viewClass == .UICollectionViewCell {
                try checkCellSegues(e, view: view, viewID: viewID, sourceID: sourceID, unit: request.unit, scene: scene, asImported: asImported, stored: stored, importer: importer, doc: doc, sceneID: sceneID, into: &result)
                continue
            }
            if viewClass.isControl, let connections = tree.child(of: e, named: "connections") {
                for c in tree[connections].children {
                    switch tree[c].name {
                    case "action":
                        guard let selector = tree[c]["selector"] else { continue }
                        wired.append((selector, tree[c]["eventType"] ?? "touchUpInside", destination(tree[c]["destination"], doc, sceneID), nil))
                    case "segue" where !["embed", "relationship"].contains(tree[c]["kind"] ?? ""):
                        wired.append((importer.segueAction(c).action, "touchUpInside", controllerOf(c, doc, sceneID), nil))
                    default: continue
                    }
                }
            }
            for r in recognizers(of: e, doc) {
                guard let connections = tree.child(of: r, named: "connections"), let rid = tree[r]["id"].flatMap({ sceneID[$0] }) else { continue }
                for c in tree[connections].children {
                    switch tree[c].name {
                    case "action":
                        guard let selector = tree[c]["selector"] else { continue }
                        wired.append((selector, "recognized", destination(tree[c]["destination"], doc, sceneID), rid))
                    case "segue":
                        wired.append((importer.segueAction(c).action, "recognized", controllerOf(c, doc, sceneID), rid))
                    default: continue
                    }
                }
            }
            // A destination in another scene: storyboards do not connect across scenes (Xcode
            // flags it), nothing receives it at run time.
            let crossing = wired.filter { $0.destination.hasPrefix("not imported") && !isOwner($0.destination, doc) }
            if !crossing.isEmpty { result.ineligible["destination in another scene", default: 0] += crossing.count }
            wired.removeAll { $0.destination.hasPrefix("not imported") && !isOwner($0.destination, doc) }
            guard !wired.isEmpty else { continue }
            // Xcode marks the control or a view above it ambiguous: its constraints do not
            // determine its frame (the app's code completes them: pocket-casts' paged scroll
            // views, sized by placeholder constraints), so the stored frames, which Xcode drew
            // at a guess, do not say where it is as the app runs. Not decidable from the file.
            if stored.ambiguousAncestor(e) != nil {
                result.ineligible["Xcode marks it or an ancestor ambiguous", default: 0] += wired.count
                continue
            }
            if let reason = stored.untappable(e, control: viewClass.isControl, recognizer: !viewClass.isControl) {
                result.ineligible[reason, default: 0] += wired.count
                continue
            }
            let point = center(of: view, in: scene)
            // Content the app shows only after scrolling (a freeform root taller than the
            // window, as the app gives it the window's size): no tap reaches it first.
            if let window = scene.windows.first, !scene.views[window].geometry.bounds.contains(point) {
                result.ineligible["off the window as the app runs (needs a scroll first)", default: 0] += wired.count
                continue
            }
            let trace = try tap(point, in: asImported, window: windowID(of: view, in: scene))
            let hit = trace.hit.flatMap { scene.viewIndex($0) }
            let reached = hit.map { isInside($0, view, scene) } ?? false
            for w in wired {
                let kind = ControlKindName(viewClass)
                let tapTriggered = w.recognizer.map { isTapRecognizer($0, scene) } ?? kind.tapTriggers(w.event)
                var connection = Connection(
                    unit: request.unit, source: sourceID, element: tree[e].name, action: w.action, event: w.event,
                    destination: w.destination, tapTriggered: tapTriggered)
                connection.reached = reached
                let sender = w.recognizer ?? viewID
                connection.delivered = trace.actions.contains { a in
                    a.sender == sender && a.action == w.action
                        && (w.destination == "firstResponder" ? ["responderChain", "unhandled"].contains(a.resolution) : a.target == w.destination)
                }
                if !connection.ok {
                    connection.detail = "tap at (\(f(point.x)), \(f(point.y))) hit \(trace.hit ?? "nothing"); actions: \(trace.actions.map { "\($0.sender) \($0.action) → \($0.target ?? "nil")" })"
                }
                result.connections.append(connection)
            }
        }
    }

    /// V5: a cell's selection segues, tapped at the cell's centre as the app runs.
    static func checkCellSegues(
        _ e: Int, view: Int, viewID: String, sourceID: String, unit: String, scene: Scene, asImported: Scene, stored: IBStoredTree,
        importer: IBImport, doc: IBDocument, sceneID: [String: String], into result: inout FileResult
    ) throws {
        let tree = doc.tree
        guard let connections = tree.child(of: e, named: "connections") else { return }
        let segues = tree.children(of: connections, named: "segue").filter { tree[$0]["trigger"] == nil }
        guard !segues.isEmpty else { return }
        // A control in the cell at its centre takes the tap and the row is not selected (V2, R4),
        // as a control inside a recognizer's view does (G4): `recognizer: true` says so.
        if stored.ambiguousAncestor(e) != nil || stored.untappable(e, control: false, recognizer: true) != nil {
            result.cellSeguesIneligible += segues.count
            return
        }
        let point = center(of: view, in: scene)
        if let window = scene.windows.first, !scene.views[window].geometry.bounds.contains(point) {
            result.cellSeguesIneligible += segues.count
            return
        }
        let trace = try tap(point, in: asImported, window: windowID(of: view, in: scene))
        let reached = trace.hit.flatMap { scene.viewIndex($0) }.map { isInside($0, view, scene) } ?? false
        for s in segues {
            let action = importer.segueAction(s).action
            let destination = controllerOf(s, doc, sceneID)
            var connection = Connection(unit: unit, source: sourceID, element: tree[e].name, action: action, event: "selection", destination: destination, tapTriggered: true)
            connection.reached = reached
            connection.delivered = trace.actions.contains { $0.sender == viewID && $0.action == action && $0.target == destination }
            if !connection.ok {
                connection.detail = "tap at (\(f(point.x)), \(f(point.y))) hit \(trace.hit ?? "nothing"); actions: \(trace.actions.map { "\($0.sender) \($0.action) → \($0.target ?? "nil")" })"
            }
            result.cellSegues.append(connection)
        }
    }

    static func f(_ v: Double) -> String { JSONWriter.format((v * 100).rounded() / 100) }

    /// Where an action goes: the scene id of its destination, or `firstResponder`.
    static func destination(_ id: String?, _ doc: IBDocument, _ sceneID: [String: String]) -> String {
        guard let id else { return "?" }
        if let e = doc.elementsByID[id], doc.tree[e].name == "placeholder", doc.tree[e]["placeholderIdentifier"] == "IBFirstResponder" {
            return "firstResponder"
        }
        return sceneID[id] ?? "not imported: \(id)"
    }

    /// File's Owner or another placeholder (never in another scene).
    static func isOwner(_ destination: String, _ doc: IBDocument) -> Bool {
        let id = destination.replacingOccurrences(of: "not imported: ", with: "")
        guard let e = doc.elementsByID[id] else { return false }
        return doc.tree[e].name == "placeholder" || doc.scene(of: e) == nil
    }

    static func controllerOf(_ segue: Int, _ doc: IBDocument, _ sceneID: [String: String]) -> String {
        doc.enclosingController(of: segue).flatMap { doc.tree[$0]["id"] }.flatMap { sceneID[$0] } ?? "?"
    }

    /// Gesture recognizers attached to a view (its `gestureRecognizers` outlet collection).
    static func recognizers(of e: Int, _ doc: IBDocument) -> [Int] {
        guard let connections = doc.tree.child(of: e, named: "connections") else { return [] }
        return doc.tree.children(of: connections, named: "outletCollection").compactMap { o in
            guard doc.tree[o]["property"] == "gestureRecognizers" else { return nil }
            return doc.tree[o]["destination"].flatMap { doc.elementsByID[$0] }
        }
    }

    static func isTapRecognizer(_ id: String, _ scene: Scene) -> Bool {
        for view in scene.views {
            for r in view.gestureRecognizers where r.id == id { return r.kind == .tap || r.kind == .doubleTap }
        }
        return false
    }

    /// Whether `view` is `ancestor` or inside it.
    static func isInside(_ view: Int, _ ancestor: Int, _ scene: Scene) -> Bool {
        var v: Int? = view
        while let c = v {
            if c == ancestor { return true }
            v = scene.views[c].parent
        }
        return false
    }

    /// A view's centre in its window's coordinates, as laid out.
    static func center(of view: Int, in scene: Scene) -> Point {
        let b = scene.views[view].geometry.bounds
        var p = Point(x: b.minX + b.size.width / 2, y: b.minY + b.size.height / 2)
        var v = view
        while let parent = scene.views[v].parent {
            p = scene.views[v].geometry.convertToSuperview(p)
            v = parent
        }
        return p
    }

    struct Tap {
        var hit: String?
        var actions: [(sender: String, action: String, target: String?, resolution: String)]
    }

    /// The id of the window a view is in: the tap names it, since `center(of:in:)` gives that
    /// window's coordinates (a xib's top-level views are each in a window of their own).
    static func windowID(of view: Int, in scene: Scene) -> String {
        var v = view
        while let parent = scene.views[v].parent { v = parent }
        return scene.views[v].id
    }

    static func tap(_ p: Point, in scene: Scene, window: String? = nil) throws -> Tap {
        var body: [(key: String, value: JSONValue)] = [("tap", .obj(["x": .number(p.x), "y": .number(p.y)]))]
        if let window { body.append(("window", .string(window))) }
        let request = try TouchRequest.decode(.object(body))
        let trace = try TouchTrace.touches(request, in: scene)
        var hit: String?
        if case let .array(touches)? = trace["touches"], case let .string(h)? = touches.first?["hitView"] { hit = h }
        var actions: [(String, String, String?, String)] = []
        if case let .array(list)? = trace["actions"] {
            for a in list {
                guard case let .string(sender)? = a["sender"], case let .string(action)? = a["action"] else { continue }
                var target: String?
                if case let .string(t)? = a["target"] { target = t }
                var resolution = ""
                if case let .string(r)? = a["resolution"] { resolution = r }
                actions.append((sender, action, target, resolution))
            }
        }
        return Tap(hit: hit, actions: actions.map { (sender: $0.0, action: $0.1, target: $0.2, resolution: $0.3) })
    }
}

/// Which control events a tap at a control's centre produces (the engine's rules: C2, C4, C7, F1).
struct ControlKindName {
    var viewClass: ViewClass
    init(_ viewClass: ViewClass) { self.viewClass = viewClass }

    func tapTriggers(_ event: String) -> Bool {
        if IBConnectionOracle.tapEvents.contains(event) { return true }
        switch viewClass {
        case .UIButton, .UIControl: return event == "primaryActionTriggered"
        case .UISwitch: return event == "valueChanged"
        case .UITextField: return event == "editingDidBegin" || event == "allEditingEvents"
        default: return false
        }
    }
}

