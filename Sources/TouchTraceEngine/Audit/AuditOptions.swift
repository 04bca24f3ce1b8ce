/// An accepted finding: the view and rules it covers, and why it is acceptable. Every entry
/// needs a reason, so that an allow-list documents itself.
public struct AuditAllowance: Sendable, Hashable {
    /// The id of the view.
    public var view: String
    /// The rules it covers; nil for every rule.
    public var rules: [AuditRule]?
    public var reason: String
    /// Where the entry was given (for errors), e.g. `/allow/0`.
    public var pointer: String

    public init(view: String, rules: [AuditRule]? = nil, reason: String, pointer: String = "") {
        self.view = view
        self.rules = rules
        self.reason = reason
        self.pointer = pointer
    }

    public func covers(view id: String, rule: AuditRule) -> Bool {
        view == id && (rules?.contains(rule) ?? true)
    }
}

/// What an audit checks and how much each finding matters.
///
/// JSON form: `{"profile": "apple-44" | "material-48" | "wcag-2.5.8" | "wcag-2.5.5" |
/// {"width": 40, "height": 40}, "severity": {"targetSize": "error", "emptyHitRegion": "warn",
/// "offScreen": "off", "unsatisfiableConstraints": …, "ambiguousLayout": …}, "allow": [{"view":
/// "legalLink", "rules": ["targetSize"], "reason": "inline link in a sentence (WCAG 2.5.8
/// inline exception)"}]}`; every member is optional. Every check is an error unless set.
public struct AuditOptions: Sendable, Hashable {
    public var profile: TouchTargetProfile
    public var severities: [AuditRule: AuditSeverity]
    public var allow: [AuditAllowance]

    public static let fields = ["profile", "severity", "allow"]

    public init(profile: TouchTargetProfile = .apple44, severities: [AuditRule: AuditSeverity] = [:], allow: [AuditAllowance] = []) {
        self.profile = profile
        self.severities = severities
        self.allow = allow
    }

    /// The severity of a rule's findings (error unless set).
    public func severity(of rule: AuditRule) -> AuditSeverity { severities[rule] ?? .error }

    /// Decodes the JSON form, reporting every problem with its pointer (below `pointer`).
    public static func decode(_ json: JSONValue, at pointer: String = "") throws(InputError) -> AuditOptions {
        var context = DecodeContext()
        let options = decode(json, at: pointer, context: &context)
        if !context.problems.isEmpty { throw .invalidRequest(context.problems) }
        return options
    }

    /// Decodes the JSON form into `context`'s problems (for a caller decoding a larger request).
    package static func decode(_ json: JSONValue, at pointer: String, context: inout DecodeContext) -> AuditOptions {
        var options = AuditOptions()
        guard let f = context.object(json, at: pointer, allowed: fields, what: "audit options") else { return options }
        if let value = f["profile"] {
            let at = pointer + "/profile"
            switch value {
            case let .string(name):
                if let profile = TouchTargetProfile(name: name) {
                    options.profile = profile
                } else {
                    var message = "unknown profile \"\(name)\""
                    if let close = DecodeContext.closest(to: name, in: TouchTargetProfile.names) { message += " (did you mean \"\(close)\"?)" }
                    context.fail(at, message + "; expected one of: " + TouchTargetProfile.names.joined(separator: ", ") + ", or {\"width\", \"height\"}")
                }
            case .object:
                if let size = context.numberObject(value, at: at, keys: ["width", "height"], what: "custom profile", defaults: [-1, -1]) {
                    for (k, key) in ["width", "height"].enumerated() where size[k] <= 0 {
                        context.fail(at + "/" + key, size[k] == -1 ? "a custom profile needs \"\(key)\"" : "\(key) must be more than 0")
                    }
                    if size[0] > 0, size[1] > 0 { options.profile = .custom(width: size[0], height: size[1]) }
                }
            default:
                context.fail(at, "profile must be a profile name or {\"width\", \"height\"}, not \(value.typeName)")
            }
        }
        if let value = f["severity"] {
            let at = pointer + "/severity"
            if let s = context.object(value, at: at, allowed: AuditRule.allCases.map(\.rawValue), what: "severity") {
                for rule in AuditRule.allCases {
                    guard let v = s[rule.rawValue] else { continue }
                    if let severity = context.choice(v, at: at + "/" + rule.rawValue, as: AuditSeverity.self, what: "severity") {
                        options.severities[rule] = severity
                    }
                }
            }
        }
        if let value = f["allow"], let items = context.array(value, at: pointer + "/allow", what: "allow") {
            for (i, item) in items.enumerated() {
                if let entry = allowance(item, at: pointer + "/allow/\(i)", context: &context) { options.allow.append(entry) }
            }
        }
        return options
    }

    static func allowance(_ json: JSONValue, at pointer: String, context: inout DecodeContext) -> AuditAllowance? {
        guard let f = context.object(json, at: pointer, allowed: ["view", "rules", "reason"], what: "an allow entry") else { return nil }
        var view: String?
        if let value = f["view"] { view = context.identifier(value, at: pointer + "/view") } else {
            context.fail(pointer, "an allow entry needs \"view\" (the id of the view it accepts)")
        }
        var rules: [AuditRule]?
        if let value = f["rules"], let items = context.array(value, at: pointer + "/rules", what: "rules") {
            rules = items.enumerated().compactMap { (k, item) in
                context.choice(item, at: pointer + "/rules/\(k)", as: AuditRule.self, what: "rule")
            }
        }
        var reason: String?
        if let value = f["reason"], let text = context.string(value, at: pointer + "/reason", what: "reason") {
            if text.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" }) {
                context.fail(pointer + "/reason", "reason must say why the finding is acceptable; it is empty")
            } else {
                reason = text
            }
        } else if f["reason"] == nil {
            context.fail(pointer, "an allow entry needs \"reason\": say why the finding is acceptable")
        }
        guard let view, let reason else { return nil }
        return AuditAllowance(view: view, rules: rules, reason: reason, pointer: pointer)
    }
}
