extension SceneBuilder {
    /// The layout fields (rules L1–L6), stored for the layout pass.
    mutating func readLayout(_ f: JSONFields, into node: inout ViewNode, at pointer: String, view: Int) {
        let p = { (key: String) in JSONPointer.join(pointer, key) }
        if let v = f[ViewField.autoresizingMask], let items = context.array(v, at: p("autoresizingMask"), what: "autoresizingMask") {
            for (i, item) in items.enumerated() {
                guard let name = context.string(item, at: p("autoresizingMask") + "/\(i)", what: "mask") else { continue }
                if let entry = AutoresizingMask.named.first(where: { $0.name == name }) {
                    node.layout.autoresizingMask.formUnion(entry.mask)
                } else {
                    context.fail(p("autoresizingMask") + "/\(i)", "unknown autoresizing mask \"\(name)\"; expected one of: " + AutoresizingMask.named.map(\.name).joined(separator: ", "))
                }
            }
        }
        readFlag(f, ViewField.translatesAutoresizingMaskIntoConstraints, at: pointer) { node.layout.translatesAutoresizingMaskIntoConstraints = $0 }
        if let v = f[ViewField.intrinsicContentSize],
            let s = context.object(v, at: p("intrinsicContentSize"), fields: SizeField.self, what: "intrinsicContentSize")
        {
            for field in SizeField.allCases {
                guard let n = s[field].flatMap({ context.number($0, at: p("intrinsicContentSize") + "/" + field.name, what: field.name) }) else { continue }
                if n < 0, n != -1 {
                    context.fail(p("intrinsicContentSize") + "/" + field.name, "\(field.name) must be at least 0, or -1 for no intrinsic size")
                    continue
                }
                if field == .width { node.layout.intrinsicContentSize.width = n } else { node.layout.intrinsicContentSize.height = n }
            }
        }
        for field in [ViewField.contentHugging, .compressionResistance] {
            let key = field.name
            guard let v = f[field], let s = context.object(v, at: p(key), allowed: ["horizontal", "vertical"], what: key) else { continue }
            var pair = field == .contentHugging ? node.layout.contentHugging : node.layout.compressionResistance
            if let h = s["horizontal"], let n = context.number(h, at: p(key) + "/horizontal", min: 1, max: 1000, what: "priority") { pair.horizontal = n }
            if let vv = s["vertical"], let n = context.number(vv, at: p(key) + "/vertical", min: 1, max: 1000, what: "priority") { pair.vertical = n }
            if field == .contentHugging { node.layout.contentHugging = pair } else { node.layout.compressionResistance = pair }
        }
        if let v = f[ViewField.layoutMargins], let e = context.insets(v, at: p("layoutMargins"), what: "layoutMargins", defaults: node.layout.layoutMargins) {
            node.layout.layoutMargins = e
        }
        if let v = f[ViewField.directionalLayoutMargins] {
            if f[ViewField.layoutMargins] != nil {
                context.fail(p("directionalLayoutMargins"), "give either \"layoutMargins\" or \"directionalLayoutMargins\", not both (UIKit keeps one set of margins)")
            } else if let e = readDirectionalInsets(v, at: p("directionalLayoutMargins"), what: "directionalLayoutMargins") {
                node.layout.directionalLayoutMargins = e
            }
        }
        if let v = f[ViewField.semanticContentAttribute],
            let a = context.choice(v, at: p("semanticContentAttribute"), as: SemanticContentAttribute.self, what: "semanticContentAttribute")
        {
            node.layout.semanticContentAttribute = a
        }
        if let v = f[ViewField.safeAreaInsets], let e = context.insets(v, at: p("safeAreaInsets"), what: "safeAreaInsets") {
            node.layout.safeAreaInsets = e
        }
        if let v = f[ViewField.alignmentRectInsets], let e = context.insets(v, at: p("alignmentRectInsets"), what: "alignmentRectInsets") {
            // Generous bounds: real insets are a few points (L6); the bound keeps frames finite.
            if [e.top, e.left, e.bottom, e.right].allSatisfy({ abs($0) <= 10_000 }) {
                node.layout.alignmentRectInsets = e
            } else {
                context.fail(p("alignmentRectInsets"), "alignmentRectInsets must be between -10000 and 10000")
            }
        }
        if let v = f[ViewField.stack] {
            if node.viewClass == .UIStackView {
                node.layout.stack = readStack(v, at: p("stack"))
            } else {
                context.fail(p("stack"), "\"stack\" is only for UIStackView, not \(node.viewClass.rawValue)")
            }
        } else if node.viewClass == .UIStackView {
            node.layout.stack = StackConfig()
        }
        if let v = f[ViewField.layoutGuides], let items = context.array(v, at: p("layoutGuides"), what: "layoutGuides") {
            for (i, item) in items.enumerated() {
                guard let g = context.object(item, at: p("layoutGuides") + "/\(i)", allowed: ["id"], what: "a layout guide") else { continue }
                guard let idValue = g["id"] else {
                    context.fail(p("layoutGuides") + "/\(i)", "a layout guide needs an \"id\"")
                    continue
                }
                if let id = context.identifier(idValue, at: p("layoutGuides") + "/\(i)/id") {
                    register(id, as: .layoutGuide(view: view, index: node.layout.layoutGuides.count), at: p("layoutGuides") + "/\(i)/id")
                    node.layout.layoutGuides.append(LayoutGuideSpec(id: id))
                }
            }
        }
        if let v = f[ViewField.constraints], let items = context.array(v, at: p("constraints"), what: "constraints") {
            for (i, item) in items.enumerated() {
                if let c = readConstraint(item, at: p("constraints") + "/\(i)", owner: node.id) { node.layout.constraints.append(c) }
            }
        }
    }

    /// `{top, leading, bottom, trailing}`; missing members keep UIKit's default margins.
    mutating func readDirectionalInsets(_ value: JSONValue, at pointer: String, what: String) -> DirectionalEdgeInsets? {
        let d = LayoutConfig().layoutMargins
        return context.numberObject(
            value, at: pointer, keys: ["top", "leading", "bottom", "trailing"], what: what,
            defaults: [d.top, d.left, d.bottom, d.right]
        ).map { DirectionalEdgeInsets(top: $0[0], leading: $0[1], bottom: $0[2], trailing: $0[3]) }
    }

    /// A stack view's `stack` object (L6), its pointer made only for a problem.
    mutating func readStack(_ value: JSONValue, at pointer: @autoclosure () -> String) -> StackConfig {
        var stack = StackConfig()
        guard let f = context.object(value, at: pointer(), fields: StackField.self, what: "stack") else { return stack }
        if let v = f[StackField.axis], let a = context.choice(v, at: pointer() + "/axis", as: StackConfig.Axis.self, what: "axis") { stack.axis = a }
        if let v = f[StackField.distribution], let d = context.choice(v, at: pointer() + "/distribution", as: StackConfig.Distribution.self, what: "distribution") { stack.distribution = d }
        if let v = f[StackField.alignment], let a = context.choice(v, at: pointer() + "/alignment", as: StackConfig.Alignment.self, what: "alignment") { stack.alignment = a }
        if let v = f[StackField.spacing], let n = context.number(v, at: pointer() + "/spacing", what: "spacing") { stack.spacing = n }
        readFlag(f, StackField.layoutMarginsRelativeArrangement, at: pointer()) { stack.layoutMarginsRelativeArrangement = $0 }
        readFlag(f, StackField.baselineRelativeArrangement, at: pointer()) { stack.baselineRelativeArrangement = $0 }
        return stack
    }

    static let constraintFields = [
        "identifier", "firstItem", "firstAttribute", "relation", "secondItem", "secondAttribute", "multiplier",
        "constant", "priority", "active",
    ]

    /// A constraint (rule L6). `firstItem` defaults to the view that declares it.
    mutating func readConstraint(_ value: JSONValue, at pointer: String, owner: String) -> ConstraintSpec? {
        guard let f = context.object(value, at: pointer, allowed: Self.constraintFields, what: "a constraint") else { return nil }
        var ok = true
        func attribute(_ key: String, required: Bool) -> String? {
            guard let v = f[key] else {
                if required {
                    context.fail(pointer + "/" + key, "a constraint needs \"\(key)\"")
                    ok = false
                }
                return nil
            }
            guard let s = context.string(v, at: pointer + "/" + key, what: key) else {
                ok = false
                return nil
            }
            guard ConstraintSpec.attributes.contains(s) else {
                context.fail(pointer + "/" + key, "unknown attribute \"\(s)\"; expected one of: " + ConstraintSpec.attributes.sorted().joined(separator: ", "))
                ok = false
                return nil
            }
            return s
        }
        func item(_ key: String) -> String? {
            guard let v = f[key], v != .null else { return nil }
            guard let s = context.string(v, at: pointer + "/" + key, what: key) else {
                ok = false
                return nil
            }
            pending.append(PendingReference(id: s, pointer: pointer + "/" + key, kind: .constraintItem))
            return s
        }
        let first = item("firstItem") ?? owner
        let firstAttribute = attribute("firstAttribute", required: true)
        let second = item("secondItem")
        let secondAttribute = attribute("secondAttribute", required: false) ?? (second == nil ? "notAnAttribute" : firstAttribute ?? "notAnAttribute")
        var relation = ConstraintSpec.Relation.equal
        if let v = f["relation"], let s = context.string(v, at: pointer + "/relation", what: "relation") {
            switch s {
            case "==", "equal": relation = .equal
            case "<=", "lessThanOrEqual": relation = .lessThanOrEqual
            case ">=", "greaterThanOrEqual": relation = .greaterThanOrEqual
            default:
                context.fail(pointer + "/relation", "unknown relation \"\(s)\"; expected ==, <= or >=")
                ok = false
            }
        }
        let multiplier = f["multiplier"].flatMap { context.number($0, at: pointer + "/multiplier", what: "multiplier") } ?? 1
        let constant = f["constant"].flatMap { context.number($0, at: pointer + "/constant", what: "constant") } ?? 0
        let priority = f["priority"].flatMap { context.number($0, at: pointer + "/priority", min: 1, max: 1000, what: "priority") } ?? 1000
        var identifier: String?
        if let v = f["identifier"] { identifier = context.string(v, at: pointer + "/identifier", what: "identifier") }
        let active = f["active"].flatMap { context.bool($0, at: pointer + "/active", what: "active") } ?? true
        guard ok, let firstAttribute else { return nil }
        return ConstraintSpec(
            identifier: identifier, firstItem: first, firstAttribute: firstAttribute, relation: relation,
            secondItem: second, secondAttribute: secondAttribute, multiplier: multiplier, constant: constant,
            priority: priority, pointer: pointer, active: active)
    }

    /// A "did you mean" for an unknown id; made for the first 20 unknown ids of a document only.
    mutating func suggestion(_ id: String) -> String {
        suggestionsMade += 1
        return suggestionsMade <= 20 ? IDSuggestion.didYouMean(id, in: registered.keys) : ""
    }

    /// Checks every id reference now that all ids are known (rule T5: an unknown target is an
    /// error at load time), and fills in the references that need indices.
    mutating func resolveReferences() {
        for ref in pending {
            let found = registered[ref.id]?.ref
            switch ref.kind {
            case .target, .sendActionTarget:
                guard let found else {
                    context.fail(ref.pointer, "unknown target id \"\(ref.id)\"\(suggestion(ref.id)) (rule T5: a target must exist in the scene)")
                    continue
                }
                if case .gestureRecognizer = found {
                    context.fail(ref.pointer, "\"\(ref.id)\" is a gesture recognizer, not a responder that can be a target")
                } else if case .layoutGuide = found {
                    context.fail(ref.pointer, "\"\(ref.id)\" is a layout guide, not a responder that can be a target")
                }
            case .firstResponder:
                switch found {
                case .view?, .viewController?: firstResponder = found.map(Self.responder)
                case nil: context.fail(ref.pointer, "unknown firstResponder id \"\(ref.id)\"" + suggestion(ref.id))
                default: context.fail(ref.pointer, "the first responder must be a view or a view controller")
                }
            case let .redirect(view):
                guard case let .view(target)? = found else {
                    context.fail(ref.pointer, found == nil ? "unknown redirectTo id \"\(ref.id)\"" + suggestion(ref.id) : "redirectTo must name a view")
                    continue
                }
                views[view].hitTest = .redirect(target)
            case .requireToFail:
                guard case .gestureRecognizer? = found else {
                    context.fail(ref.pointer, found == nil ? "unknown gesture recognizer id \"\(ref.id)\"" + suggestion(ref.id) : "requireToFail must name gesture recognizers")
                    continue
                }
            case .constraintItem:
                let item = ref.id
                if let hash = item.firstIndex(of: "#") {
                    let viewID = String(item[..<hash])
                    let guide = String(item[item.index(after: hash)...])
                    guard case .view? = registered[viewID]?.ref, guide == "safeArea" || guide == "layoutMargins" else {
                        context.fail(ref.pointer, "unknown constraint item \"\(item)\"; use a view id, a layout guide id, or <viewId>#safeArea / <viewId>#layoutMargins")
                        continue
                    }
                } else {
                    switch found {
                    case .view?, .layoutGuide?: break
                    default: context.fail(ref.pointer, "unknown constraint item \"\(item)\"; use a view id, a layout guide id, or <viewId>#safeArea / <viewId>#layoutMargins")
                    }
                }
            }
        }
    }

    static func responder(_ ref: ObjectRef) -> ResponderRef {
        switch ref {
        case let .view(i): return .view(i)
        case let .viewController(i): return .viewController(i)
        case .appDelegate: return .appDelegate
        default: return .application
        }
    }
}

/// The fields of a stack view's `stack` object, asked for by place (``JSONFieldKey``).
enum StackField: Int, JSONFieldKey {
    case axis, distribution, alignment, spacing, layoutMarginsRelativeArrangement, baselineRelativeArrangement
    static let names = JSONFieldNames([
        "axis", "distribution", "alignment", "spacing", "layoutMarginsRelativeArrangement", "baselineRelativeArrangement",
    ])
}

/// The fields of an `intrinsicContentSize` object, asked for by place (``JSONFieldKey``).
enum SizeField: Int, JSONFieldKey {
    case width, height
    static let names = JSONFieldNames(["width", "height"])
}
