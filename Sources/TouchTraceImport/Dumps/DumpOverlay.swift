import TouchTraceEngine

/// What a dump cannot say, supplied per view at import time (docs/import-dumps.md#overlay):
///
/// ```json
/// {"views": {
///   "Pay":            {"enabled": false, "targets": [{"target": "CheckoutViewController", "action": "pay:", "events": ["touchUpInside"]}]},
///   "0x7f8e5c40a2b0": {"gestureRecognizers": [{"id": "dismissTap", "type": "tap", "cancelsTouchesInView": true}]},
///   "line 12":        {"class": "UIButton"}
/// }}
/// ```
///
/// A view is named by its scene id, its address in the dump, `line N` (a dump without
/// addresses) or its JSON pointer (Sentry); a controller's name (id or address) takes
/// `actions`. A patch holds scene-format fields: `enabled`, `selected`, `highlighted` and
/// `targets` (the view's `control`), `gestureRecognizers`, `actions`, `touches`, `class`,
/// `customClass`, `userInteractionEnabled`, `hidden`, `alpha`, `clipsToBounds`, `pointInside`,
/// `hitTest`, `viewController`, `animation` (H10). A target (of a control or a recognizer) may name an object by its
/// address too. The patched scene is checked by the scene decoder; every problem is reported at
/// its pointer in the overlay (HTTP 422).
struct DumpOverlay {
    struct Patch {
        /// The node patched, and the controller named (for `actions` on a controller).
        var node: Int
        var onController: Bool
        var pointer: String
        var members: [(key: String, value: JSONValue)]
    }

    static let viewMembers = [
        "enabled", "selected", "highlighted", "targets", "gestureRecognizers", "actions", "touches", "class", "customClass",
        "userInteractionEnabled", "hidden", "alpha", "clipsToBounds", "pointInside", "hitTest", "viewController", "animation",
    ]
    static let controlMembers: Set<String> = ["enabled", "selected", "highlighted", "targets"]

    var patches: [Patch] = []

    /// Reads the overlay (`base` is its pointer: empty for a file of its own, `/overlay` in an
    /// envelope) against the dump's nodes.
    ///
    /// Not `strict` (before the drafts are built, to know what the overlay supplies): names not
    /// found yet (controllers are attached later) and problems are passed over.
    static func decode(_ value: JSONValue, at base: String, builder: DumpSceneBuilder, strict: Bool = true) throws(ImportError) -> DumpOverlay {
        var context = DecodeContext()
        var overlay = DumpOverlay()
        guard let top = context.object(value, at: base, allowed: ["views"], what: "the overlay") else {
            if !strict { return overlay }
            throw ImportError(.invalidOverlay, "the overlay is not valid", problems: context.problems)
        }
        // Every name a view or controller goes by.
        var byName: [String: (node: Int, controller: Bool)] = [:]
        for (n, node) in builder.tree.nodes.enumerated() {
            byName[builder.nodeIDs[n]] = (n, false)
            if let s = node.sourceID, byName[s] == nil { byName[s] = (n, false) }
            if let a = node.address, byName[a] == nil { byName[a] = (n, false) }
        }
        for (n, draft) in builder.draftOfNode.pairs {
            if let c = builder.document.views[draft].viewController {
                byName[c.id] = (n, true)
                if let s = c.sourceID, byName[s] == nil { byName[s] = (n, true) }
            }
        }
        if let views = top["views"], let members = objectMembers(views, at: base + "/views", context: &context) {
            for member in members {
                let pointer = JSONPointer.join(base + "/views", member.key)
                guard let target = byName[member.key] ?? byName[member.key.lowercased()] else {
                    guard strict else { continue }
                    let suggestion = closest(member.key, in: Array(byName.keys))
                    context.fail(
                        pointer, "no view or controller of the dump is named \"\(member.key.prefix(80))\"" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
                            + " (a scene id, an address, \"line N\" or a Sentry node's pointer)")
                    continue
                }
                let allowed = target.controller ? ["actions"] : viewMembers
                guard let fields = context.object(member.value, at: pointer, allowed: allowed, what: target.controller ? "a controller's patch" : "a view's patch")
                else { continue }
                guard case let .object(list) = member.value else { continue }
                let r = builder.resolutions[target.node]
                var cls = r.viewClass
                if let v = fields["class"], let name = context.string(v, at: pointer + "/class", what: "class") {
                    if let c = ViewClass(rawValue: name), c.isDeclarable {
                        cls = c
                    } else {
                        context.fail(pointer + "/class", "unknown class \"\(name.prefix(80))\"; expected one of: " + ViewClass.knownNames)
                    }
                }
                for key in ["enabled", "selected", "highlighted", "userInteractionEnabled", "hidden", "clipsToBounds"] {
                    if let v = fields[key] { _ = context.bool(v, at: pointer + "/" + key, what: key) }
                }
                if let v = fields["alpha"] { _ = context.number(v, at: pointer + "/alpha", min: 0, max: 1, what: "alpha") }
                for key in ["targets", "gestureRecognizers", "actions"] {
                    if let v = fields[key] { _ = context.array(v, at: pointer + "/" + key, what: key) }
                }
                if !target.controller, !cls.isControl, let key = list.first(where: { controlMembers.contains($0.key) })?.key {
                    context.fail(
                        pointer + "/" + key,
                        "\(builder.nodeIDs[target.node]) is a \(cls.rawValue), not a control: \(key) is a control's (give \"class\" a control class too)")
                }
                overlay.patches.append(Patch(node: target.node, onController: target.controller, pointer: pointer, members: list))
            }
        }
        if strict, !context.problems.isEmpty {
            throw ImportError(.invalidOverlay, "the overlay is not valid: \(context.problems.count) problem\(context.problems.count == 1 ? "" : "s")", problems: context.problems)
        }
        return overlay
    }

    static func objectMembers(_ value: JSONValue, at pointer: String, context: inout DecodeContext) -> [(key: String, value: JSONValue)]? {
        guard case let .object(members) = value else {
            context.fail(pointer, "views must be an object {view: patch}, not \(value.typeName)")
            return nil
        }
        return members
    }

    /// The nodes each patch supplies a property of, by the property (so the import does not warn
    /// that it is unknown).
    func supplied() -> [Int: Set<String>] {
        var result: [Int: Set<String>] = [:]
        for p in patches where !p.onController {
            for m in p.members { result[p.node, default: []].insert(m.key) }
        }
        return result
    }

    // MARK: Applying

    /// The scene with the patches written in, and where each patched field came from in the
    /// overlay (scene pointer prefix → overlay pointer).
    func apply(to scene: JSONValue, document: SceneDocument, draftOfNode: NodeDrafts, sceneIDOfSource: [String: String])
        -> (JSONValue, [(scene: String, overlay: String)])
    {
        var scene = scene
        var origins: [(scene: String, overlay: String)] = []
        let pointers = document.pointers
        for patch in patches {
            guard let draft = draftOfNode[patch.node], let at = pointers[draft] else { continue }
            var control: [(key: String, value: JSONValue)] = []
            var view: [(key: String, value: JSONValue)] = []
            var controller: [(key: String, value: JSONValue)] = []
            for m in patch.members {
                let value = Self.resolvingTargets(m.value, key: m.key, ids: sceneIDOfSource)
                if patch.onController {
                    controller.append((m.key, value))
                    origins.append((at + "/viewController/" + m.key, patch.pointer + "/" + m.key))
                } else if Self.controlMembers.contains(m.key) {
                    control.append((m.key, value))
                    origins.append((at + "/control/" + m.key, patch.pointer + "/" + m.key))
                } else if m.key == "gestureRecognizers", case let .array(added) = value {
                    // Added after the ones the dump described.
                    let existing = document.views[draft].gestureRecognizers.count
                    view.append((m.key, value))
                    for k in added.indices {
                        origins.append((at + "/gestureRecognizers/\(existing + k)", patch.pointer + "/gestureRecognizers/\(k)"))
                    }
                    origins.append((at + "/gestureRecognizers", patch.pointer + "/gestureRecognizers"))
                } else {
                    view.append((m.key, value))
                    origins.append((at + "/" + m.key, patch.pointer + "/" + m.key))
                }
            }
            origins.append((at, patch.pointer))
            scene = Self.updating(scene, path: Self.steps(at)) { v in
                for (key, value) in view {
                    if key == "viewController", case let .object(extra) = value, let existing = v["viewController"] {
                        v = Self.setting(v, key, Self.merging(existing, extra))
                    } else if key == "gestureRecognizers", case let .array(added) = value, case let .array(old)? = v["gestureRecognizers"] {
                        v = Self.setting(v, key, .array(old + added))
                    } else {
                        v = Self.setting(v, key, value)
                    }
                }
                if !control.isEmpty { v = Self.setting(v, "control", Self.merging(v["control"] ?? .object([]), control)) }
                if !controller.isEmpty, let existing = v["viewController"] { v = Self.setting(v, "viewController", Self.merging(existing, controller)) }
            }
        }
        return (scene, origins)
    }

    /// A target given by an address (or another source id) → its scene id.
    static func resolvingTargets(_ value: JSONValue, key: String, ids: [String: String]) -> JSONValue {
        func fix(_ targets: JSONValue) -> JSONValue {
            guard case let .array(items) = targets else { return targets }
            return .array(items.map { item in
                guard case let .string(t)? = item["target"], let id = ids[t] ?? ids[t.lowercased()] else { return item }
                return setting(item, "target", .string(id))
            })
        }
        switch key {
        case "targets": return fix(value)
        case "gestureRecognizers":
            guard case let .array(items) = value else { return value }
            return .array(items.map { r in r["targets"].map { setting(r, "targets", fix($0)) } ?? r })
        default: return value
        }
    }

    static func setting(_ object: JSONValue, _ key: String, _ value: JSONValue) -> JSONValue {
        guard case var .object(members) = object else { return object }
        if let i = members.firstIndex(where: { $0.key == key }) { members[i].value = value } else { members.append((key, value)) }
        return .object(members)
    }

    static func merging(_ object: JSONValue, _ extra: [(key: String, value: JSONValue)]) -> JSONValue {
        var result = object
        for (k, v) in extra { result = setting(result, k, v) }
        return result
    }

    /// `/window/subviews/0` → ["window", "subviews", "0"].
    static func steps(_ pointer: String) -> [String] {
        pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    }

    /// `value` with the member or element at `path` replaced by `update` applied to it.
    static func updating(_ value: JSONValue, path: [String], _ update: (inout JSONValue) -> Void) -> JSONValue {
        guard let first = path.first else {
            var v = value
            update(&v)
            return v
        }
        let rest = Array(path.dropFirst())
        switch value {
        case var .object(members):
            guard let i = members.firstIndex(where: { $0.key == first }) else { return value }
            members[i].value = updating(members[i].value, path: rest, update)
            return .object(members)
        case var .array(items):
            // The token is one of the scene's own pointers' indices: digits, below the count.
            var i = 0
            for c in first.utf8 {
                guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9"), i < items.count else { return value }
                i = i * 10 + Int(truncatingIfNeeded: c &- UInt8(ascii: "0"))
            }
            guard !first.isEmpty, i < items.count else { return value }
            items[i] = updating(items[i], path: rest, update)
            return .array(items)
        default:
            return value
        }
    }

    /// Scene problems at patched fields → the same problems at their place in the overlay; the
    /// others unchanged.
    static func locate(_ problems: [SceneProblem], origins: [(scene: String, overlay: String)]) -> (inOverlay: [SceneProblem], other: [SceneProblem]) {
        var inOverlay: [SceneProblem] = []
        var other: [SceneProblem] = []
        let sorted = origins.sorted { $0.scene.count > $1.scene.count }
        for p in problems {
            if let o = sorted.first(where: { p.pointer == $0.scene || p.pointer.hasPrefix($0.scene + "/") }) {
                inOverlay.append(SceneProblem(pointer: o.overlay + p.pointer.dropFirst(o.scene.count), message: p.message))
            } else {
                other.append(p)
            }
        }
        return (inOverlay, other)
    }

    /// The name nearest to `name` (edit distance at most a third of its length), for "did you mean".
    static func closest(_ name: String, in names: [String]) -> String? {
        let a = Array(name.lowercased().utf8.prefix(64))
        var best: (String, Int)?
        for candidate in names {
            let b = Array(candidate.lowercased().utf8.prefix(64))
            guard abs(a.count - b.count) <= max(2, a.count / 3) else { continue }
            var row = Array(0...b.count)
            for i in 1...max(1, a.count) where !a.isEmpty {
                var previous = row[0]
                row[0] = i
                for j in 1...max(1, b.count) where !b.isEmpty {
                    let old = row[j]
                    row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                    previous = old
                }
            }
            let d = row[b.count]
            guard d <= max(2, a.count / 3) else { continue }
            if let current = best, d > current.1 || (d == current.1 && candidate >= current.0) { continue }
            best = (candidate, d)
        }
        return best?.0
    }
}
