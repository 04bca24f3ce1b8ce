import TouchTraceEngine

extension IBImport {
    /// Keys under which IB stores a view that is a subview of its holder.
    static let viewKeys: Set<String> = [
        "contentView", "tableHeaderView", "tableFooterView", "backgroundView", "selectedBackgroundView",
        "sectionHeaderView", "sectionFooterView",
    ]

    /// Imports the view element `root` and everything under it as a subview of `parent`, depth
    /// first without recursion. Returns the root's index. Embedded controllers (container views'
    /// `embed` segues) are imported after the tree, into their container.
    /// `rootName` names the root when the element has no name of its own (a controller's root
    /// view: `<controller>.view`).
    mutating func importViewTree(_ root: Int, into parent: Int, rootName: String? = nil) -> Int {
        var stack: [(element: Int, parent: Int)] = [(root, parent)]
        var rootIndex = -1
        var embeds: [(container: Int, element: Int)] = []
        while let (e, p) = stack.popLast() {
            let index = makeView(e, parent: p, name: rootIndex < 0 ? rootName : nil)
            if rootIndex < 0 { rootIndex = index }
            for child in childViews(of: e).reversed() { stack.append((child, index)) }
            if tree[e].name == "containerView" { embeds.append((index, e)) }
        }
        for (container, e) in embeds { importEmbedded(e, into: container) }
        return rootIndex
    }

    /// The view elements under a view, back to front: its `contentView` (cells, visual effect
    /// views), `subviews`, a table's header, cells (static sections and prototypes) and footer,
    /// a collection view's cells and supplementary views, in document order. Other children are
    /// properties: read by `applyViewAttributes`, left out knowingly, or warned about.
    func childViews(of e: Int) -> [Int] {
        var result: [Int] = []
        for c in tree[e].children {
            let child = tree[c]
            switch child.name {
            case "subviews":
                result.append(contentsOf: child.children)
            case "sections":
                for section in tree.children(of: c, named: "tableViewSection") {
                    for cells in tree.children(of: section, named: "cells") { result.append(contentsOf: tree[cells].children) }
                }
            case "prototypes", "cells":
                result.append(contentsOf: child.children)
            default:
                if let key = child["key"], Self.viewKeys.contains(key), doc.isView(c) { result.append(c) }
            }
        }
        // Views a size-class variation does not install for the device are not in the hierarchy.
        guard !variations.excluded.isEmpty else { return result }
        return result.filter { tree[$0]["id"].map { !variations.excluded.contains($0) } ?? true }
    }

    /// One view element → a view draft with its class, id, geometry and attributes.
    mutating func makeView(_ e: Int, parent: Int, name: String? = nil) -> Int {
        let el = tree[e]
        var viewClass = doc.viewClass(of: e)
        var custom = el["customClass"]
        if IBVocabulary.viewClasses[el.name] == nil, viewClass == .UIView {
            let uikit = IBVocabulary.uikitClassNames[el.name] ?? el.name
            warn(
                .unsupportedElement, e, "<\(el.name)> (\(uikit)) has no modelled class: imported as a UIView",
                lost: "\(uikit)'s own behaviour (its content and touch handling)")
            if custom == nil { custom = uikit }
        } else if viewClass == .UIWindow {
            warn(.unsupportedElement, e, "a <window> inside a view: imported as a UIView", lost: "the window's own level and hit-test order")
            viewClass = .UIView
        } else if custom == nil, let uikit = IBVocabulary.uikitClassNames[el.name] {
            custom = uikit
        }
        let accessibility = tree.child(of: e, named: "accessibility", key: "accessibilityConfiguration").flatMap { tree[$0]["identifier"] }
        // The id a test author would reach for first: the accessibility identifier, then the
        // name the designer gave it in Interface Builder (its user label).
        let id = ids.make([accessibility, el["userLabel"], el["customClass"], name, textCandidate(e)], fallback: el.name)
        var draft = ViewDraft(id: id, sourceID: el["id"], viewClass: viewClass)
        draft.accessibilityIdentifier = accessibility
        draft.customClass = custom
        let index = document.add(draft, to: parent)
        if let sourceID = el["id"] { objects[sourceID] = .view(index) }
        viewElements.append((index, e))
        applyViewAttributes(e, to: index, isWindow: false)
        registerGuides(of: e, view: index)
        return index
    }

    /// Whether a constraint in the scroll view's subtree ties an edge (top, bottom, leading,
    /// trailing, left, right) of its frame layout guide `guideID`.
    func frameGuideEdgeIsConstrained(_ guideID: String, in e: Int) -> Bool {
        !constrainedAttributes(of: [guideID], in: e).isDisjoint(with: ["top", "bottom", "leading", "trailing", "left", "right"])
    }

    /// A readable name from what the view shows: its text (`label:Total`, `button:Sign-up`), else
    /// its image's name (`button:stepper_increment`).
    func textCandidate(_ e: Int) -> String? {
        let image = tree[e]["image"] ?? tree.child(of: e, named: "state", key: "normal").flatMap { tree[$0]["image"] }
        guard let text = displayText(e) ?? image, let clean = UniqueIDs.sanitize(String(text.prefix(32))) else { return nil }
        return tree[e].name + ":" + clean
    }

    /// The text a label, button, text field or text view shows (its title, text or placeholder).
    func displayText(_ e: Int) -> String? {
        let el = tree[e]
        if let t = el["text"], !t.isEmpty { return t }
        if let s = tree.child(of: e, named: "string", key: "text").flatMap({ tree[$0].text }), !s.isEmpty { return s }
        if el.name == "button", let state = tree.child(of: e, named: "state", key: "normal"), let title = tree[state]["title"], !title.isEmpty {
            return title
        }
        if let t = el["title"], !t.isEmpty { return t }
        if let p = el["placeholder"], !p.isEmpty { return p }
        return nil
    }

    /// The view's guides as constraint items: `safeArea` and `layoutMarginsGuide` are the
    /// view's built-in guides (`<id>#safeArea`, `<id>#layoutMargins`); a scroll view's
    /// `frameLayoutGuide` is its frame and its `contentLayoutGuide` its content area. The frame
    /// guide is the scroll view itself for widths, heights and centres (they attach to its frame,
    /// L6); when a constraint ties one of its edges, it is a guide of its own placed on the frame
    /// (rule L6-scroll-view-frame-layout-guide-edges-are-the-frame: UIKit's
    /// `UIScrollView.frameLayoutGuide` is "the frame rectangle of a scroll view itself, as
    /// opposed to its content rectangle", and an edge of the scroll view itself related to its
    /// content is its content area's edge, so the guide's edges cannot be the view's).
    mutating func registerGuides(of e: Int, view: Int) {
        let viewID = document.views[view].id
        for g in tree.children(of: e, named: "viewLayoutGuide") {
            guard let guideID = tree[g]["id"] else { continue }
            switch tree[g]["key"] {
            case "safeArea": objects[guideID] = .guide(viewID + "#safeArea")
            case "layoutMarginsGuide": objects[guideID] = .guide(viewID + "#layoutMargins")
            case "frameLayoutGuide":
                guard frameGuideEdgeIsConstrained(guideID, in: e) else {
                    objects[guideID] = .guide(viewID)
                    continue
                }
                let id = ids.make([viewID + ".frameLayoutGuide"], fallback: "frameLayoutGuide")
                document.views[view].layoutGuides.append(GuideDraft(id: id, sourceID: guideID))
                objects[guideID] = .guide(id)
                // At the scroll view's bounds origin (where its frame is in its own space, however
                // far it scrolls), its frame's size.
                for attribute in ["top", "left", "width", "height"] {
                    var c = ConstraintDraft(firstItem: id, firstAttribute: attribute)
                    c.secondItem = viewID
                    c.secondAttribute = attribute
                    c.identifier = "frameLayoutGuide-" + attribute
                    document.views[view].constraints.append(c)
                }
            case "contentLayoutGuide":
                let id = ids.make([viewID + ".contentLayoutGuide"], fallback: "contentLayoutGuide")
                document.views[view].layoutGuides.append(GuideDraft(id: id, sourceID: guideID))
                objects[guideID] = .guide(id)
                // The content area starts at the scroll view's bounds origin; its size is free,
                // set by the constraints to it (the content size).
                for attribute in ["top", "left"] {
                    var c = ConstraintDraft(firstItem: id, firstAttribute: attribute)
                    c.secondItem = viewID
                    c.secondAttribute = attribute
                    c.identifier = "contentLayoutGuide-" + attribute
                    document.views[view].constraints.append(c)
                }
            default:
                warn(.unsupportedAttribute, g, "layout guide \"\(tree[g]["key"] ?? "?")\" is not modelled", lost: "constraints to this guide")
            }
        }
    }

    /// `topLayoutGuide` and `bottomLayoutGuide` of documents before safe areas: custom guides of
    /// the root view, the top one from the view's top down to its safe area, the bottom one from
    /// its safe area to its bottom (UIKit's `topLayoutGuide.length` is the safe area's top inset).
    mutating func importLegacyLayoutGuides(of controller: Int, rootView: Int) {
        guard let list = tree.child(of: controller, named: "layoutGuides") else { return }
        let viewID = document.views[rootView].id
        for g in tree.children(of: list, named: "viewControllerLayoutGuide") {
            guard let guideSource = tree[g]["id"] else { continue }
            let top = tree[g]["type"] != "bottom"
            let id = ids.make([viewID + (top ? ".topLayoutGuide" : ".bottomLayoutGuide")], fallback: "layoutGuide")
            document.views[rootView].layoutGuides.append(GuideDraft(id: id, sourceID: guideSource))
            objects[guideSource] = .guide(id)
            let pins: [(String, String, String)] = top
                ? [("top", viewID, "top"), ("bottom", viewID + "#safeArea", "top"), ("left", viewID, "left"), ("right", viewID, "right")]
                : [("top", viewID + "#safeArea", "bottom"), ("bottom", viewID, "bottom"), ("left", viewID, "left"), ("right", viewID, "right")]
            for (attribute, item, itemAttribute) in pins {
                var c = ConstraintDraft(firstItem: id, firstAttribute: attribute)
                c.secondItem = item
                c.secondAttribute = itemAttribute
                c.identifier = (top ? "topLayoutGuide-" : "bottomLayoutGuide-") + attribute
                document.views[rootView].constraints.append(c)
            }
        }
    }

    /// A container view's embedded controller (`embed` segue): its root view fills the container.
    mutating func importEmbedded(_ e: Int, into container: Int) {
        guard let connections = tree.child(of: e, named: "connections") else { return }
        for s in tree.children(of: connections, named: "segue") where tree[s]["kind"] == "embed" {
            guard let dest = tree[s]["destination"].flatMap({ doc.elementsByID[$0] }) else {
                warn(.externalReference, s, "an embed segue to \"\(tree[s]["destination"] ?? "?")\", which is not in this file", lost: "the embedded controller's views")
                continue
            }
            let size = document.views[container].frame?.size ?? .zero
            if let view = importController(dest, into: container, frame: Rect(origin: .zero, size: size)) {
                document.views[view].frame = Rect(origin: .zero, size: size)
                document.views[view].autoresizingMask = [.flexibleWidth, .flexibleHeight]
                document.views[view].translatesAutoresizingMaskIntoConstraints = true
            }
        }
    }
}
