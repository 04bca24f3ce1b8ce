import TouchTraceEngine

/// Size-class variations (Xcode's "Vary for Traits"), resolved for the document's device:
/// `<variation key="default">` holds what the base ("Any") configuration leaves out
/// (`<mask key="constraints|subviews"><exclude reference=…/>`), and a variation keyed by traits
/// (`heightClass=regular-widthClass=regular`, `widthClass=compact`, `userInterfaceIdiom=mac`)
/// what it adds back (`include`) or takes out, or its own `constant` (a constraint's) or
/// `spacing` (a stack view's). UIKit installs, for the current trait collection, the base
/// configuration changed by every variation whose traits all match, the more specific last
/// ("Size classes", Xcode Help: "Customize a constraint, view or font for a size class"; UIKit's
/// `UITraitCollection`).
///
/// The device's traits: an iPhone is compact wide and regular tall in portrait, compact tall in
/// landscape, and regular wide in landscape when it is at least 414 pt wide in portrait (the
/// Plus and Max models); an iPad is regular both ways; the idiom is `phone` or `pad` (a `mac`
/// variation never applies). A document without a device (Xcode 6 and 7's "Any" canvas) uses the
/// base configuration alone.
struct IBVariations: Sendable {
    enum SizeClass: String, Sendable { case compact, regular }

    /// The traits the scene is laid out with; nil width and height: the base configuration.
    var width: SizeClass?
    var height: SizeClass?
    var idiom: String?
    /// Constraints and views the resolved configuration does not install (by IB id).
    var excluded: Set<String> = []
    /// Constants and stack spacings a matching variation sets (by the element's IB id).
    var constants: [String: Double] = [:]
    var spacings: [String: Double] = [:]
    /// The variations in the document that do not apply to its device: their keys and elements.
    var otherTraits: [(key: String, element: Int)] = []

    init(doc: IBDocument) {
        let tree = doc.tree
        if let device = doc.device {
            let pad = device.id.hasPrefix("ipad")
            let portraitWidth = min(device.size.width, device.size.height)
            if pad || device.id == "appleTV" {
                (width, height) = (.regular, .regular)
            } else if device.landscape {
                (width, height) = (portraitWidth >= 414 ? .regular : .compact, .compact)
            } else {
                (width, height) = (.compact, .regular)
            }
            idiom = pad ? "pad" : device.id == "appleTV" ? "tv" : "phone"
        }
        // Every `variation`, grouped by the element it varies, applied base first, then by the
        // number of traits it names (more specific last).
        var byOwner: [Int: [(key: String, element: Int)]] = [:]
        for (index, element) in tree.elements.enumerated() where element.name == "variation" {
            guard let owner = element.parent, let key = element["key"] else { continue }
            byOwner[owner, default: []].append((key, index))
        }
        for (owner, list) in byOwner.sorted(by: { $0.key < $1.key }) {
            let ordered = list.sorted { a, b in Self.specificity(a.key) < Self.specificity(b.key) }
            for (key, v) in ordered {
                guard matches(key) else {
                    otherTraits.append((key, v))
                    continue
                }
                for mask in tree.children(of: v, named: "mask") {
                    for change in tree[mask].children {
                        guard let reference = tree[change]["reference"] else { continue }
                        switch tree[change].name {
                        case "exclude": excluded.insert(reference)
                        case "include": excluded.remove(reference)
                        default: continue
                        }
                    }
                }
                guard let id = tree[owner]["id"] else { continue }
                if let c = tree[v]["constant"].flatMap(Double.init), c.isFinite { constants[id] = c }
                if let s = tree[v]["spacing"].flatMap(Double.init), s.isFinite { spacings[id] = s }
            }
        }
    }

    /// How many traits a key names (`default`: none).
    static func specificity(_ key: String) -> Int {
        key == "default" ? 0 : key.split(separator: "-").count
    }

    /// Whether a variation's key applies to the device's traits.
    func matches(_ key: String) -> Bool {
        if key == "default" { return true }
        guard width != nil || height != nil else { return false }
        for part in key.split(separator: "-") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { return false }
            switch pair[0] {
            case "widthClass": if pair[1] != width?.rawValue { return false }
            case "heightClass": if pair[1] != height?.rawValue { return false }
            case "userInterfaceIdiom": if pair[1] != idiom { return false }
            default: return false
            }
        }
        return true
    }

    /// The traits as a phrase for messages.
    var description: String {
        guard let width, let height else { return "the base (Any) configuration" }
        return "\(width.rawValue) width, \(height.rawValue) height (\(idiom ?? "phone"))"
    }
}
