/// A uniform grid of buckets over the windows' area, listing the views whose boxes reach each
/// bucket, so that a region finds the outlines near it without looking at every view.
struct SpatialGrid: Sendable {
    let origin: Point
    let cell: Double
    let columns: Int
    let rows: Int
    private var buckets: [[Int32]]

    /// The most buckets per side; a larger area gets larger buckets.
    static let maximumSide = 64

    /// `area` is the part of the plane worth indexing (the windows' boxes); `boxes` the views'
    /// boxes (nil for none), `include` which views to index.
    init(area: Rect, boxes: [Rect?], include: (Int) -> Bool) {
        let side = max(area.size.width, area.size.height, 1)
        cell = side.isFinite ? max(32, side / Double(Self.maximumSide)) : .infinity
        origin = area.origin
        columns = cell.isFinite ? Checked.int(area.size.width / cell, rounding: .up, clampedTo: 1...Self.maximumSide) ?? 1 : 1
        rows = cell.isFinite ? Checked.int(area.size.height / cell, rounding: .up, clampedTo: 1...Self.maximumSide) ?? 1 : 1
        buckets = Array(repeating: [], count: columns * rows)
        for (v, box) in boxes.enumerated() {
            guard let box, include(v), let (c0, r0, c1, r1) = span(of: box) else { continue }
            for r in r0...r1 {
                for c in c0...c1 { buckets[r * columns + c].append(Int32(v)) }
            }
        }
    }

    /// The buckets a box reaches (column and row ranges), or nil when it misses the area.
    func span(of box: Rect) -> (Int, Int, Int, Int)? {
        guard cell.isFinite else { return (0, 0, 0, 0) }
        let x0 = (box.minX - origin.x) / cell
        let y0 = (box.minY - origin.y) / cell
        let x1 = (box.maxX - origin.x) / cell
        let y1 = (box.maxY - origin.y) / cell
        guard x1 >= 0, y1 >= 0, x0 < Double(columns), y0 < Double(rows), x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite
        else { return nil }
        // Clamped, so that no coordinate, however large, traps.
        guard let c0 = Checked.int(x0, rounding: .down, clampedTo: 0...(columns - 1)),
            let r0 = Checked.int(y0, rounding: .down, clampedTo: 0...(rows - 1)),
            let c1 = Checked.int(x1, rounding: .down, clampedTo: 0...(columns - 1)),
            let r1 = Checked.int(y1, rounding: .down, clampedTo: 0...(rows - 1))
        else { return nil }
        return (c0, r0, c1, r1)
    }

    /// The indexed views whose boxes may meet `box`, each once, in increasing order; nil when
    /// `work` refuses the entries of the buckets it reaches (counted before they are gathered:
    /// with many views over the whole area every bucket holds every view, and the gathering
    /// alone could take buckets × views per region).
    func candidates(near box: Rect, work: (Int) -> Bool = { _ in false }) -> [Int]? {
        guard let (c0, r0, c1, r1) = span(of: box) else { return [] }
        var total = 0
        for r in r0...r1 {
            for c in c0...c1 { total += buckets[r * columns + c].count }
        }
        if work(total) { return nil }
        var list: [Int32] = []
        list.reserveCapacity(total)
        for r in r0...r1 {
            for c in c0...c1 { list.append(contentsOf: buckets[r * columns + c]) }
        }
        list.sort()
        var out: [Int] = []
        out.reserveCapacity(list.count)
        for v in list where out.last != Int(v) { out.append(Int(v)) }
        return out
    }
}
