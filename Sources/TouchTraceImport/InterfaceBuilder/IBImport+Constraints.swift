import TouchTraceEngine

extension IBImport {
    /// Turns every imported view's `<constraints>` into scene constraints on that view (L6). A
    /// missing first item is the view that holds the constraint; items are resolved through the
    /// imported objects (views, safe-area and margins guides, legacy top/bottom guides, scroll
    /// content guides); placeholder constraints, which the build replaces by the app's own, are
    /// kept as their stand-in with a warning; a constraint naming something not imported is left
    /// out with a warning.
    mutating func importConstraints() {
        for (view, e) in viewElements {
            guard let list = tree.child(of: e, named: "constraints") else { continue }
            let holder = document.views[view].id
            for c in tree.children(of: list, named: "constraint") {
                // A size-class variation leaves it out for the device's traits.
                if let id = tree[c]["id"], variations.excluded.contains(id) { continue }
                guard let draft = constraint(c, holder: holder) else { continue }
                document.views[view].constraints.append(draft)
                // A placeholder constraint ("Remove at build time") stands for one the app makes
                // in code: the build removes it, the code's is not in the document. As the app
                // runs it is kept in the code's place (without it the views it sizes are left
                // ambiguous, and collapse), and said so.
                if tree[c]["placeholder"] == "YES", !options.canvas {
                    warn(
                        .layoutApproximated, c,
                        "a placeholder constraint (removed at build time, for one the app adds in code): kept as the stand-in for the code's",
                        lost: "the constraint the app makes in code, which the document does not hold")
                }
                reportConstraintSubclass(c)
            }
        }
    }

    /// `runtimeAttributeIgnored` for a constraint of a custom class (`customClass` on a
    /// `<constraint>`): the nib makes it an instance of the app's NSLayoutConstraint subclass and
    /// sets its user-defined runtime attributes by key-value coding at load time (Xcode's
    /// identity inspector), so the app's code may change its constant before layout, as
    /// Unstoppable Domains' `NSLayoutHelper` (a constant per iPhone model) and Mixin's
    /// `ScreenHeightCompatibleLayoutConstraint` (`shortConstant`, `mediumConstant`) do. The
    /// document's constant is kept; Interface Builder's canvas does not run that code, so the
    /// canvas says nothing.
    mutating func reportConstraintSubclass(_ c: Int) {
        guard !options.canvas, let className = tree[c]["customClass"] else { return }
        let keys = tree.child(of: c, named: "userDefinedRuntimeAttributes").map { tree[$0].children.compactMap { tree[$0]["keyPath"] } } ?? []
        let attributes = keys.isEmpty ? "" : "; its runtime attributes (\(keys.joined(separator: ", "))) are set by code at load time"
        warn(
            .runtimeAttributeIgnored, c,
            "constraint \(tree[c]["id"] ?? "?") is an instance of \(className.prefix(60)), a subclass of NSLayoutConstraint the app defines\(attributes): the code may change its constant as the app runs; the document's constant is kept",
            lost: "the constant the constraint's class sets as the app runs")
    }

    /// One `<constraint>` element.
    mutating func constraint(_ c: Int, holder: String) -> ConstraintDraft? {
        let el = tree[c]
        func item(_ key: String) -> String?? {
            guard let source = el[key] else { return .some(nil) }
            switch objects[source] {
            case let .view(v)?: return .some(document.views[v].id)
            case let .guide(name)?: return .some(name)
            case let .controller(_, v)?: return .some(document.views[v].id)
            default: return nil
            }
        }
        func attribute(_ key: String) -> String? {
            guard let raw = el[key] else { return nil }
            return IBVocabulary.constraintAttributes[raw]
        }
        guard let firstAttribute = attribute("firstAttribute") else {
            warn(.constraintDropped, c, "constraint attribute \"\(el["firstAttribute"] ?? "")\" is not one of UIKit's", lost: "this constraint")
            return nil
        }
        guard let firstItem = item("firstItem"), let secondItem = item("secondItem") else {
            let missing = (item("firstItem") == nil ? el["firstItem"] : el["secondItem"]) ?? "?"
            warn(.constraintDropped, c, "the constraint refers to \"\(missing)\", which is not imported in this scene", lost: "this constraint")
            return nil
        }
        var draft = ConstraintDraft(firstItem: firstItem ?? holder, firstAttribute: firstAttribute)
        draft.sourceID = el["id"]
        draft.position = el.position
        draft.identifier = el["identifier"] ?? el["id"]
        draft.secondItem = secondItem
        if secondItem != nil {
            guard let second = attribute("secondAttribute") ?? (el["secondAttribute"] == nil ? firstAttribute : nil) else {
                warn(.constraintDropped, c, "constraint attribute \"\(el["secondAttribute"] ?? "")\" is not one of UIKit's", lost: "this constraint")
                return nil
            }
            draft.secondAttribute = second
        }
        switch el["relation"] {
        case nil: break
        case "lessThanOrEqual"?: draft.relation = .lessThanOrEqual
        case "greaterThanOrEqual"?: draft.relation = .greaterThanOrEqual
        case let other?:
            warn(.constraintDropped, c, "constraint relation \"\(other.prefix(40))\" is not one of UIKit's", lost: "this constraint")
            return nil
        }
        if let m = el["multiplier"] {
            guard let value = Self.multiplier(m) else {
                warn(.constraintDropped, c, "constraint multiplier \"\(m.prefix(40))\" cannot be read", lost: "this constraint")
                return nil
            }
            draft.multiplier = value
        }
        if let k = number(c, "constant") { draft.constant = k }
        if let id = el["id"], let k = variations.constants[id] { draft.constant = k }
        if let p = el["priority"] {
            let named: [String: Double] = ["required": 1000, "defaultHigh": 750, "defaultLow": 250, "fittingSizeLevel": 50]
            if let value = named[p] ?? Double(p), value.isFinite {
                draft.priority = min(1000, max(1, value))
            } else {
                warn(.invalidValue, c, "constraint priority \"\(p.prefix(40))\" cannot be read: required used", lost: "the constraint's priority")
            }
        }
        noteMargins(of: draft)
        return draft
    }

    /// IB writes multipliers as decimals (`0.5`), ratios (`1/3`) or aspect ratios (`16:9`).
    static func multiplier(_ text: String) -> Double? {
        for separator in ["/", ":"] {
            let parts = text.split(separator: Character(separator), omittingEmptySubsequences: false)
            if parts.count == 2 {
                guard let a = Double(parts[0]), let b = Double(parts[1]), b != 0 else { return nil }
                let value = a / b
                return value.isFinite ? value : nil
            }
        }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Records that a constraint reads a view's margins (for `approximatedMargins`).
    mutating func noteMargins(of c: ConstraintDraft) {
        for (item, attribute) in [(c.firstItem, c.firstAttribute), (c.secondItem, c.secondAttribute)] {
            guard let item, let attribute else { continue }
            if item.hasSuffix("#layoutMargins") {
                marginsRead.insert(String(item.dropLast("#layoutMargins".count)))
            } else if attribute.hasSuffix("Margin") || attribute.hasSuffix("WithinMargins") {
                marginsRead.insert(item)
            }
        }
    }
}
