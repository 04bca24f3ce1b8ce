/// A straight edge of a shape's outline.
struct Segment: Sendable, Hashable {
    var a: Point
    var b: Point
}

/// Cuts a rectangle into cells on which hit testing has one answer.
///
/// The rectangle is cut into horizontal slabs at the y of every edge end and every crossing of
/// two edges; inside a slab no edge starts, ends or crosses another, so the edges that span it
/// are ordered left to right and every cell between two consecutive edges is a trapezoid that no
/// edge enters. When the edges are the outlines of every touch area that can decide a hit test,
/// the hit test has the same answer everywhere inside a cell (its value only changes where a
/// point crosses an outline), so one hit test at the cell's centre decides the whole cell.
enum SlabDecomposition {
    /// An edge inside the domain, top to bottom (`y0 < y1`).
    struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double

        @inline(__always)
        func x(at y: Double) -> Double {
            if x0 == x1 { return x0 }
            if y <= y0 { return x0 }
            if y >= y1 { return x1 }
            return x0 + (x1 - x0) * ((y - y0) / (y1 - y0))
        }
        var isVertical: Bool { x0 == x1 }
    }

    /// Calls `body` with every cell of `domain` (a trapezoid), its centre, and the number of the
    /// face of the arrangement it belongs to. `segments` may reach outside the domain; they are
    /// clipped to it. `work` counts the sweep's work (``RegionWork``) and stops it when it answers
    /// true; the function then returns false (some cells were not visited).
    ///
    /// Faces: a cell continues the face of the cell above it when both lie between the same two
    /// edges and no horizontal edge separates them, so a caller can decide a face once (one hit
    /// test) however many slabs cut it. Face numbers count up from 0 in the order first met.
    @discardableResult
    static func forEachCell(
        in domain: Rect, segments: [Segment], work: (Int) -> Bool = { _ in false }, _ body: (Trapezoid, Point, Int) -> Void
    ) -> Bool {
        let eps = TouchTargetConstants.epsilon
        guard domain.size.width > eps, domain.size.height > eps, domain.maxX.isFinite, domain.maxY.isFinite,
            domain.minX.isFinite, domain.minY.isFinite
        else { return true }
        if work(segments.count) { return false }
        var edges: [Edge] = []
        edges.reserveCapacity(segments.count)
        var ys: [Double] = [domain.minY, domain.maxY]
        ys.reserveCapacity(2 * segments.count + 2)
        var horizontals: [(y: Double, x0: Double, x1: Double)] = []
        for s in segments {
            guard let (p, q) = clip(s, to: domain) else { continue }
            if abs(q.y - p.y) <= eps {
                // A horizontal edge only separates the slabs above and below it.
                if p.y > domain.minY + eps, p.y < domain.maxY - eps, abs(q.x - p.x) > eps {
                    ys.append(p.y)
                    horizontals.append((p.y, min(p.x, q.x), max(p.x, q.x)))
                }
                continue
            }
            let (top, bottom) = p.y < q.y ? (p, q) : (q, p)
            edges.append(Edge(x0: top.x, y0: top.y, x1: bottom.x, y1: bottom.y))
            ys.append(top.y)
            ys.append(bottom.y)
        }
        edges.sort { $0.y0 < $1.y0 }
        guard addCrossings(of: edges, to: &ys, work: work) else { return false }
        ys.sort()
        var cuts: [Double] = []
        cuts.reserveCapacity(ys.count)
        for y in ys where y >= domain.minY && y <= domain.maxY {
            if let last = cuts.last, y - last <= eps { continue }
            cuts.append(y)
        }
        horizontals.sort { $0.y < $1.y }

        var nextHorizontal = 0
        // Edge indices: −1 and −2 are the domain's left and right sides.
        var row: [(xm: Double, xa: Double, xb: Double, edge: Int)] = []
        var above: [Int: (face: Int, xa: Double, xb: Double)] = [:]
        var current: [Int: (face: Int, xa: Double, xb: Double)] = [:]
        var faces = 0
        let sweep = SlabSweep(tops: edges.map(\.y0), bottoms: edges.map(\.y1))
        return sweep.forEachSlab(cuts: cuts, work: work) { ya, yb, spanning in
            // Horizontal edges on this cut separate the faces above from those below.
            var separators: [(x0: Double, x1: Double)] = []
            while nextHorizontal < horizontals.count, horizontals[nextHorizontal].y <= ya + eps {
                if horizontals[nextHorizontal].y >= ya - eps {
                    separators.append((horizontals[nextHorizontal].x0, horizontals[nextHorizontal].x1))
                }
                nextHorizontal += 1
            }
            let ym = (ya + yb) / 2
            row.removeAll(keepingCapacity: true)
            row.append((domain.minX, domain.minX, domain.minX, -1))
            for i in spanning {
                let e = edges[i]
                row.append((e.x(at: ym), e.x(at: ya), e.x(at: yb), i))
            }
            row.append((domain.maxX, domain.maxX, domain.maxX, -2))
            row.sort { $0.xm < $1.xm }
            current.removeAll(keepingCapacity: true)
            for i in 0..<(row.count - 1) {
                let l = row[i]
                let r = row[i + 1]
                guard r.xm - l.xm > eps else { continue }
                let key = (l.edge + 2) << 32 | (r.edge + 2)
                var face: Int
                if let up = above[key], !separators.contains(where: { $0.x1 > l.xa + eps && $0.x0 < r.xa - eps }) {
                    face = up.face
                } else {
                    face = faces
                    faces += 1
                }
                current[key] = (face, l.xb, r.xb)
                let cell = Trapezoid(
                    top: ya, bottom: yb,
                    topLeft: l.xa, topRight: max(l.xa, r.xa), bottomLeft: l.xb, bottomRight: max(l.xb, r.xb))
                body(cell, Point(x: (l.xm + r.xm) / 2, y: ym), face)
            }
            swap(&above, &current)
        }
    }

    /// Adds the y of every crossing of two edges strictly inside both (edge ends are already
    /// cuts). `edges` is sorted by `y0`. Two vertical edges never cross, so only pairs with a
    /// sloping edge are checked: each sloping edge against the edges that overlap it vertically
    /// (found by the sort), which for the outlines of unrotated views is no pair at all. Returns
    /// false when `work` stopped it.
    static func addCrossings(of edges: [Edge], to ys: inout [Double], work: (Int) -> Bool = { _ in false }) -> Bool {
        let eps = TouchTargetConstants.epsilon
        for i in 0..<edges.count where !edges[i].isVertical {
            let e = edges[i]
            var checked = 0
            for j in 0..<edges.count where j != i {
                let f = edges[j]
                if f.y0 >= e.y1 - eps { break }
                if f.y1 <= e.y0 + eps { continue }
                // A pair of sloping edges is checked once, from the earlier of the two.
                if !f.isVertical && j < i { continue }
                checked += 1
                if let y = crossing(edges[min(i, j)], edges[max(i, j)]) { ys.append(y) }
            }
            if work(checked + 1) { return false }
        }
        return true
    }

    /// The y where `e` and `f` cross strictly inside both, or nil.
    static func crossing(_ e: Edge, _ f: Edge) -> Double? {
        if max(f.x0, f.x1) < min(e.x0, e.x1) || min(f.x0, f.x1) > max(e.x0, e.x1) { return nil }
        let rx = e.x1 - e.x0, ry = e.y1 - e.y0
        let sx = f.x1 - f.x0, sy = f.y1 - f.y0
        let denominator = rx * sy - ry * sx
        if abs(denominator) <= 1e-12 * (abs(rx * sy) + abs(ry * sx)) { return nil }
        let qx = f.x0 - e.x0, qy = f.y0 - e.y0
        let t = (qx * sy - qy * sx) / denominator
        let u = (qx * ry - qy * rx) / denominator
        guard t > 0, t < 1, u > 0, u < 1 else { return nil }
        return e.y0 + t * ry
    }

    /// Liang–Barsky: the part of `s` inside `r`, or nil.
    static func clip(_ s: Segment, to r: Rect) -> (Point, Point)? {
        let dx = s.b.x - s.a.x
        let dy = s.b.y - s.a.y
        var t0 = 0.0
        var t1 = 1.0
        for (p, q) in [(-dx, s.a.x - r.minX), (dx, r.maxX - s.a.x), (-dy, s.a.y - r.minY), (dy, r.maxY - s.a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let t = q / p
            if p < 0 {
                if t > t1 { return nil }
                if t > t0 { t0 = t }
            } else {
                if t < t0 { return nil }
                if t < t1 { t1 = t }
            }
        }
        let a = t0 == 0 ? s.a : Point(x: s.a.x + t0 * dx, y: s.a.y + t0 * dy)
        let b = t1 == 1 ? s.b : Point(x: s.a.x + t1 * dx, y: s.a.y + t1 * dy)
        return (a, b)
    }
}
