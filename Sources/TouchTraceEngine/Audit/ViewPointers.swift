/// The JSON pointer (RFC 6901) of every view in the scene document it was decoded from:
/// `/window`, `/window/subviews/2/subviews/0`, or `/windows/1/subviews/3` — computed from the
/// view's path, since the scene keeps no pointers. Valid for a scene as decoded (and after its
/// initial layout cycle, which moves no view); views that changes added or moved get the pointer
/// their place would have.
public struct ViewPointers: Sendable {
    /// Whether the document lists its windows under `window` (one) or `windows` (a list).
    public enum WindowsKey: Sendable {
        case window, windows
    }

    private var pointers: [String?]
    /// The scene's own pointer inside the document (empty: the scene is the document).
    public let base: String

    /// `base` is the scene's own pointer inside a larger document (for example `/scene` in a
    /// request).
    public init(scene: Scene, windowsKey: WindowsKey, base: String = "") {
        self.base = base
        pointers = Array(repeating: nil, count: scene.views.count)
        var stack: [Int] = []
        for (i, w) in scene.windows.enumerated() {
            pointers[w] = windowsKey == .window && scene.windows.count == 1 ? base + "/window" : base + "/windows/\(i)"
            stack.append(w)
        }
        while let v = stack.popLast() {
            guard let own = pointers[v] else { continue }
            for (k, child) in scene.views[v].subviews.enumerated() {
                pointers[child] = own + "/subviews/\(k)"
                stack.append(child)
            }
        }
    }

    /// Pointers for a scene decoded from `document` (the scene object itself, at `base`).
    public init(scene: Scene, document: JSONValue, base: String = "") {
        self.init(scene: scene, windowsKey: document["windows"] != nil ? .windows : .window, base: base)
    }

    /// Pointers for a decoded scene, which remembers how its document listed its windows.
    public init(scene: Scene, base: String = "") {
        self.init(scene: scene, windowsKey: scene.listsWindows ? .windows : .window, base: base)
    }

    /// The view's pointer; nil for a view in no window.
    public subscript(view: Int) -> String? { view < pointers.count ? pointers[view] : nil }
}
