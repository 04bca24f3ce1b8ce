import TouchTraceEngine

/// A deterministic table-like scene of exactly `viewCount` views: a window, a view
/// controller's root view (flexible width and height), a header (flexible width), a footer
/// (flexible width, flexible top margin) and cells of 6 views: the cell (flexible width), an
/// icon (no mask), a title and a subtitle (flexible width), an accessory button (flexible left
/// margin) holding a badge (no mask). Leftover views become 1-pt separators (flexible width).
public enum RotationSceneDocument {
    /// The views that are not in cells: the window, its root view, the header and the footer.
    public static let chrome = 4
    /// Views per cell: the cell, an icon, a title, a subtitle, an accessory button, its badge.
    public static let cellViews = 6

    /// The scene document (a 390×844 window `win`) of exactly `viewCount` views.
    public static func document(viewCount: Int) -> JSONValue {
        func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> JSONValue { Rect(x: x, y: y, width: w, height: h).json }
        func mask(_ names: String...) -> JSONValue { .array(names.map { .string($0) }) }
        var rows: [JSONValue] = [
            .obj(["id": "header", "frame": frame(0, 0, 390, 44), "autoresizingMask": mask("flexibleWidth")]),
            .obj(["id": "footer", "frame": frame(0, 800, 390, 44), "autoresizingMask": mask("flexibleWidth", "flexibleTopMargin")]),
        ]
        let cells = (viewCount - chrome) / cellViews
        for i in 0..<cells {
            let y = 44 + Double(i) * 60
            rows.append(.obj([
                "id": .string("cell\(i)"), "frame": frame(0, y, 390, 60), "autoresizingMask": mask("flexibleWidth"),
                "subviews": .array([
                    .obj(["id": .string("icon\(i)"), "class": "UIImageView", "frame": frame(12, 8, 44, 44)]),
                    .obj(["id": .string("title\(i)"), "class": "UILabel", "frame": frame(64, 8, 250, 22), "autoresizingMask": mask("flexibleWidth"), "text": "Title"]),
                    .obj(["id": .string("subtitle\(i)"), "class": "UILabel", "frame": frame(64, 32, 250, 18), "autoresizingMask": mask("flexibleWidth")]),
                    .obj([
                        "id": .string("more\(i)"), "class": "UIButton", "frame": frame(330, 10, 48, 40), "autoresizingMask": mask("flexibleLeftMargin"),
                        "subviews": .array([.obj(["id": .string("badge\(i)"), "frame": frame(30, 0, 18, 18)])]),
                    ]),
                ]),
            ]))
        }
        for j in 0..<(viewCount - chrome - cells * cellViews) {
            rows.append(.obj(["id": .string("separator\(j)"), "frame": frame(0, 43, 390, 1), "autoresizingMask": mask("flexibleWidth")]))
        }
        let root: JSONValue = .obj([
            "id": "root", "frame": frame(0, 0, 390, 844), "autoresizingMask": mask("flexibleWidth", "flexibleHeight"),
            "viewController": .obj(["id": "listVC"]), "subviews": .array(rows),
        ])
        return .obj(["format": "touchtrace.scene/1", "window": .obj(["id": "win", "frame": frame(0, 0, 390, 844), "subviews": .array([root])])])
    }
}
