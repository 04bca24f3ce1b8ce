/// An XML document as a flat arena of elements (no class graph, no recursion to walk it):
/// element names, attributes, children in order, the position of each start tag, the comment
/// just before an element (Xcode writes a storyboard scene's name there) and the text of the
/// few elements whose text matters (`<string key="text">`).
struct XMLTree: Sendable {
    struct Element: Sendable {
        var name: String
        var attributes: [String: String]
        var children: [Int] = []
        var parent: Int?
        var position: XMLPosition
        /// The text of a comment that came right before this element among its siblings.
        var comment: String?
        /// Character data, kept only for elements listed in `XMLTree.textElements`.
        var text: String?

        subscript(attribute: String) -> String? { attributes[attribute] }
    }

    /// Elements whose character data is kept.
    static let textElements: Set<String> = ["string", "mutableString"]

    var elements: [Element] = []

    /// The root element's index (0 when there is one).
    var root: Int? { elements.isEmpty ? nil : 0 }

    subscript(index: Int) -> Element { elements[index] }

    /// The children of `index` named `name`, in order.
    func children(of index: Int, named name: String) -> [Int] {
        elements[index].children.filter { elements[$0].name == name }
    }

    /// The first child of `index` named `name` whose `key` attribute is `key` (any key when nil).
    func child(of index: Int, named name: String, key: String? = nil) -> Int? {
        elements[index].children.first { elements[$0].name == name && (key == nil || elements[$0]["key"] == key) }
    }

    /// The first child of `index` with this `key` attribute, whatever its name.
    func child(of index: Int, key: String) -> Int? {
        elements[index].children.first { elements[$0]["key"] == key }
    }

    /// Whether `index` is one of `roots` or lies below one of them (parents are walked upwards,
    /// at most the tree's depth).
    func isInside(_ index: Int, anyOf roots: Set<Int>) -> Bool {
        var e: Int? = index
        while let current = e {
            if roots.contains(current) { return true }
            e = elements[current].parent
        }
        return false
    }

    /// Every element of the subtree at `index`, in document order (the element first).
    func subtree(of index: Int) -> [Int] {
        var result: [Int] = []
        var stack = [index]
        while let e = stack.popLast() {
            result.append(e)
            stack.append(contentsOf: elements[e].children.reversed())
        }
        return result
    }

    /// Whether `index` lies in the subtree of `ancestor` (or is it).
    func isInSubtree(_ index: Int, of ancestor: Int) -> Bool {
        var current: Int? = index
        while let c = current {
            if c == ancestor { return true }
            current = elements[c].parent
        }
        return false
    }
}
