/// Where the views of a diagnosis are (rule H5's conversions, as the hit tester makes them).
extension DiagnosisFindings {
    /// The bounding box of `v`'s bounds in the coordinates of `ancestor` (a view on its
    /// superview chain), transforms applied.
    func box(of v: Int, in ancestor: Int, touchArea: Bool = false) -> Rect {
        var corners = Self.corners(of: touchArea ? touchAreaBox(of: v) : scene.views[v].geometry.bounds)
        var current = v
        while current != ancestor, let parent = scene.views[current].parent {
            corners = corners.map { scene.views[current].geometry.convertToSuperview($0) }
            current = parent
        }
        return Self.bounding(corners)
    }

    /// The bounding box of `v`'s bounds in the coordinates of the diagnosis's ``root`` (the
    /// view's window): through the screen when `v` is in another window. Nil when `root`'s
    /// transform cannot be inverted or a corner leaves the finite numbers.
    func frame(of v: Int) -> Rect? {
        var corners = Self.corners(of: scene.views[v].geometry.bounds)
        var current = v
        while let parent = scene.views[current].parent {
            corners = corners.map { scene.views[current].geometry.convertToSuperview($0) }
            current = parent
        }
        if current != root {
            // Another window: its coordinates → screen → the root window's.
            var mapped: [Point] = []
            for corner in corners {
                guard let p = scene.views[root].geometry.convertFromSuperview(scene.views[current].geometry.convertToSuperview(corner)) else {
                    return nil
                }
                mapped.append(p)
            }
            corners = mapped
        }
        let box = Self.bounding(corners)
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        return box
    }

    /// The bounding box of `v`'s touch area (`point(inside:with:)`, H9) in its bounds
    /// coordinates: the bounds grown or shrunk by insets, a circle's square, the rectangles' or
    /// the polygon's box; the bounds for the default and for `never`.
    func touchAreaBox(of v: Int) -> Rect {
        let b = scene.views[v].geometry.bounds
        switch scene.views[v].pointInside {
        case .bounds, .never, .roundedRect:
            return b
        case let .insets(i):
            return Rect(x: b.minX + i.left, y: b.minY + i.top, width: max(0, b.size.width - i.left - i.right), height: max(0, b.size.height - i.top - i.bottom))
        case let .circle(radius):
            let r = radius ?? min(b.size.width, b.size.height) / 2
            return Rect(x: b.midX - r, y: b.midY - r, width: 2 * r, height: 2 * r)
        case let .rects(rects):
            return rects.isEmpty ? b : Self.bounding(rects.flatMap(Self.corners(of:)))
        case let .polygon(points):
            return points.isEmpty ? b : Self.bounding(points)
        }
    }

    static func corners(of r: Rect) -> [Point] {
        [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
    }

    /// The smallest rectangle holding four corners.
    static func bounding(_ points: [Point]) -> Rect {
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        let x0 = xs.min() ?? 0
        let y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }
}

/// Numbers, points and rectangles in the diagnosis's sentences: lengths rounded to 0.01 pt,
/// without trailing zeros.
package enum DiagnosisFormat {
    public static func number(_ x: Double) -> String {
        let r = (x * 100).rounded() / 100
        return JSONWriter.format(r == 0 ? 0 : r)
    }

    /// `(x, y)`.
    public static func point(_ p: Point) -> String { "(\(number(p.x)), \(number(p.y)))" }

    /// `(x, y, width×height)`.
    public static func rect(_ r: Rect) -> String {
        "(\(number(r.minX)), \(number(r.minY)), \(number(r.size.width))×\(number(r.size.height)))"
    }
}
