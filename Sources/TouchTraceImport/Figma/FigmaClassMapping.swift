import TouchTraceEngine

/// Which UIKit class a Figma layer becomes, by its name: a team's design-system names (`Button*`
/// → `UIButton`, `Toggle*` → `UISwitch`) map once, in a mapping file, instead of per screen.
///
/// A rule's `match` is a pattern over the whole name, case-insensitive: `*` any run of
/// characters (`/` included), `?` one character. It is tried on the layer's name and, for an
/// instance, on its main component's name and that component's set (`Button` for a variant
/// `State=Pressed` of the set `Button`); for a component, on its own name and its set's. The
/// first rule that matches wins: the file's rules in order, then the defaults
/// (``defaults``) unless `useDefaults` is false. A layer inside a layer mapped to a control keeps
/// its type's class (a button's label stays a label).
///
/// The file (`--mapping FILE`, or `"mapping"` in an HTTP envelope body):
///
/// ```json
/// {"rules": [{"match": "Primary*", "class": "UIButton", "customClass": "PrimaryButton"},
///            {"match": "Chip/*", "class": "UIControl", "types": ["INSTANCE"]}],
///  "useDefaults": true}
/// ```
public struct FigmaClassMapping: Sendable, Hashable {
    public struct Rule: Sendable, Hashable {
        /// The name pattern.
        public var match: String
        public var viewClass: ViewClass
        /// Recorded as the view's `customClass` (the app's subclass, shown in traces).
        public var customClass: String?
        /// The node types the rule applies to (`INSTANCE`, `FRAME`, …); empty for every type.
        public var types: [String]

        public init(match: String, viewClass: ViewClass, customClass: String? = nil, types: [String] = []) {
            self.match = match
            self.viewClass = viewClass
            self.customClass = customClass
            self.types = types
        }
    }

    public var rules: [Rule]
    /// Whether ``defaults`` are tried after `rules`.
    public var useDefaults: Bool

    public init(rules: [Rule] = [], useDefaults: Bool = true) {
        self.rules = rules
        self.useDefaults = useDefaults
    }

    /// The node types the default rules apply to: containers and instances, not text or shapes
    /// (a text layer named "Button label" stays a label).
    public static let containerTypes = ["FRAME", "GROUP", "COMPONENT", "COMPONENT_SET", "INSTANCE", "SECTION"]

    /// The documented defaults (docs/import-figma.md), common names of iOS design kits and
    /// design systems.
    public static let defaults: [Rule] = [
        (["Button*", "*Button", "Btn*", "*/Button*", "CTA*"], ViewClass.UIButton),
        (["Toggle*", "*Toggle", "Switch*", "*Switch", "*/Toggle*", "*/Switch*"], .UISwitch),
        (["Slider*", "*Slider"], .UISlider),
        (["Stepper*", "*Stepper"], .UIStepper),
        (["Segmented*", "*Segmented Control", "*SegmentedControl"], .UISegmentedControl),
        (["Page Control*", "PageControl*", "*Page Control", "*PageControl"], .UIPageControl),
        (["Text Field*", "TextField*", "*Text Field", "*TextField", "Input*", "*/Input*", "Search Field*"], .UITextField),
        (["Text View*", "TextView*", "Text Area*", "TextArea*"], .UITextView),
    ].flatMap { patterns, viewClass in patterns.map { Rule(match: $0, viewClass: viewClass, types: containerTypes) } }

    /// The rules in the order they are tried.
    public var effectiveRules: [Rule] { useDefaults ? rules + Self.defaults : rules }

    /// The built-in mappings by name (`?mapping=` over HTTP): `default` (the defaults alone) and
    /// `none` (every layer the class of its type).
    public static func builtIn(_ name: String) -> FigmaClassMapping? {
        switch name {
        case "default": return FigmaClassMapping()
        case "none": return FigmaClassMapping(useDefaults: false)
        default: return nil
        }
    }

    /// The first rule matching a node of `type` with these names (its own, its component's, its
    /// component set's).
    func rule(type: String, names: [String]) -> Rule? { Compiled(self).rule(type: type, names: names) }

    /// The effective rules with their patterns lowercased once: an import tries them on every layer.
    struct Compiled {
        let rules: [(rule: Rule, pattern: [UInt8])]

        init(_ mapping: FigmaClassMapping) {
            rules = mapping.effectiveRules.map { ($0, Array($0.match.lowercased().utf8)) }
            useDefaults = mapping.useDefaults
        }

        let useDefaults: Bool

        func rule(type: String, names: [String]) -> Rule? {
            let lowered = names.map { Array($0.lowercased().utf8) }
            for (rule, pattern) in rules where rule.types.isEmpty || rule.types.contains(type) {
                if lowered.contains(where: { FigmaClassMapping.matches(pattern, $0) }) { return rule }
            }
            return nil
        }

        /// A default rule for a name whose first word is one letter off a control's name
        /// ("SwichOnHover", "Buton/Primary", "Sliderr"): one letter missing, one extra, or two
        /// neighbours swapped, in a word of at least five letters. A different letter in its
        /// place is not taken ("Google" is no "Toggle"). Nil when the defaults are off.
        func misspeltDefault(type: String, names: [String]) -> (rule: Rule, word: String, keyword: String)? {
            guard useDefaults, FigmaClassMapping.containerTypes.contains(type) else { return nil }
            for name in names {
                guard let word = FigmaClassMapping.firstWord(name), word.count >= 5 else { continue }
                for (keyword, viewClass) in FigmaClassMapping.keywords where FigmaClassMapping.oneLetterOff(Array(word.utf8), Array(keyword.utf8)) {
                    let rule = Rule(match: keyword.prefix(1).uppercased() + keyword.dropFirst() + "*", viewClass: viewClass, types: FigmaClassMapping.containerTypes)
                    return (rule, word, keyword)
                }
            }
            return nil
        }
    }

    /// The defaults' control names, lowercased, for `misspeltDefault`.
    static let keywords: [(String, ViewClass)] = [
        ("button", .UIButton), ("toggle", .UISwitch), ("switch", .UISwitch), ("slider", .UISlider), ("stepper", .UIStepper),
        ("segmented", .UISegmentedControl), ("textfield", .UITextField), ("textview", .UITextView),
    ]

    /// The first word of a layer name, lowercased: up to a space, a separator (`/`, `-`, `_`,
    /// `=`, `.`) or a lowercase-to-uppercase step (`SwichOnHover` → `swich`).
    static func firstWord(_ name: String) -> String? {
        var word: [Character] = []
        var previousLower = false
        for c in name {
            if c.isLetter {
                if c.isUppercase, previousLower, !word.isEmpty { break }
                word.append(c)
                previousLower = c.isLowercase
            } else {
                if word.isEmpty { continue }
                break
            }
        }
        return word.isEmpty ? nil : String(word).lowercased()
    }

    /// Whether `a` is `b` with one letter left out, one letter added, or two neighbours swapped.
    static func oneLetterOff(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        if a == b { return false }
        func firstDifference(_ x: [UInt8], _ y: [UInt8]) -> Int {
            var i = 0
            while i < x.count, i < y.count, x[i] == y[i] { i += 1 }
            return i
        }
        if a.count == b.count {
            let i = firstDifference(a, b)
            guard i + 1 < a.count else { return false }
            return a[i] == b[i + 1] && a[i + 1] == b[i] && a[(i + 2)...] == b[(i + 2)...]
        }
        let (short, long) = a.count < b.count ? (a, b) : (b, a)
        guard long.count == short.count + 1 else { return false }
        let i = firstDifference(short, long)
        return short[i...] == long[(i + 1)...]
    }

    /// Glob matching without recursion: `*` any run, `?` one byte (names compared as UTF-8, so
    /// `?` is one byte of a multi-byte character). Linear backtracking to the last `*`.
    static func matches(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        var p = 0, t = 0
        var star = -1, resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p
                resume = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}

extension FigmaClassMapping {
    /// Reads a mapping file's JSON; every problem is reported with its pointer under `pointer`.
    public static func decode(_ json: JSONValue, at pointer: String = "") -> (mapping: FigmaClassMapping?, problems: [SceneProblem]) {
        var context = DecodeContext()
        guard let fields = context.object(json, at: pointer, allowed: ["rules", "useDefaults"], what: "a class mapping") else {
            return (nil, context.problems)
        }
        var mapping = FigmaClassMapping()
        if let value = fields["useDefaults"], let flag = context.bool(value, at: pointer + "/useDefaults", what: "useDefaults") {
            mapping.useDefaults = flag
        }
        if let value = fields["rules"] {
            guard case let .array(items) = value else {
                context.fail(pointer + "/rules", "rules must be a list of {\"match\", \"class\"} objects, not \(value.typeName)")
                return (nil, context.problems)
            }
            for (i, item) in items.enumerated() {
                let at = pointer + "/rules/\(i)"
                guard let rule = context.object(item, at: at, allowed: ["match", "class", "customClass", "types"], what: "a mapping rule") else {
                    continue
                }
                guard let match = rule["match"].flatMap({ context.string($0, at: at + "/match", what: "match") }) else {
                    if rule["match"] == nil { context.fail(at + "/match", "a rule needs a \"match\" pattern") }
                    continue
                }
                if match.isEmpty || match.utf8.count > 200 { context.fail(at + "/match", "a pattern is 1 to 200 characters") }
                guard let name = rule["class"].flatMap({ context.string($0, at: at + "/class", what: "class") }) else {
                    if rule["class"] == nil { context.fail(at + "/class", "a rule needs a \"class\"") }
                    continue
                }
                guard let viewClass = ViewClass(rawValue: name), viewClass != .UIWindow, viewClass != .UIStackView else {
                    let known = ViewClass.allCases.filter { $0 != .UIWindow && $0 != .UIStackView }.map(\.rawValue).joined(separator: ", ")
                    context.fail(at + "/class", "\"\(name.prefix(80))\" is not a class a layer can map to (stack views come from auto layout, windows from the frame); known: \(known)")
                    continue
                }
                var types: [String] = []
                if let value = rule["types"] {
                    if case let .array(list) = value {
                        for (k, t) in list.enumerated() {
                            if let s = context.string(t, at: at + "/types/\(k)", what: "a node type") { types.append(s) }
                        }
                    } else {
                        context.fail(at + "/types", "types must be a list of node types (\"INSTANCE\", \"FRAME\", …)")
                    }
                }
                let customClass = rule["customClass"].flatMap { context.string($0, at: at + "/customClass", what: "customClass") }
                mapping.rules.append(Rule(match: match, viewClass: viewClass, customClass: customClass, types: types))
            }
        }
        return context.problems.isEmpty ? (mapping, []) : (nil, context.problems)
    }

    /// The mapping as a JSON value (`decode` reads it back).
    public var json: JSONValue {
        .obj([
            "useDefaults": .bool(useDefaults),
            "rules": .array(rules.map { rule in
                var members: [(key: String, value: JSONValue)] = [("match", .string(rule.match)), ("class", .string(rule.viewClass.rawValue))]
                if let c = rule.customClass { members.append(("customClass", .string(c))) }
                if !rule.types.isEmpty { members.append(("types", .array(rule.types.map(JSONValue.string)))) }
                return .object(members)
            }),
        ])
    }
}
