extension Trapezoid {
    /// Merges the cells of a slab decomposition (slab by slab from the top, left to right in a
    /// slab) into fewer trapezoids covering the same set: neighbours in a slab that share a side
    /// become one, then a piece whose bottom edge is the top edge of a piece in the next slab,
    /// with both sides continuing in a straight line, grows down over it. An axis-aligned
    /// rectangle cut by unrelated edges comes back as one rectangle.
    static func merged(_ cells: [Trapezoid]) -> [Trapezoid] {
        guard cells.count > 1 else { return cells }
        let eps = TouchTargetConstants.epsilon
        var rows: [Trapezoid] = []
        rows.reserveCapacity(cells.count)
        for c in cells {
            if var last = rows.last, last.top == c.top, last.bottom == c.bottom,
                abs(last.topRight - c.topLeft) <= eps, abs(last.bottomRight - c.bottomLeft) <= eps
            {
                last.topRight = c.topRight
                last.bottomRight = c.bottomRight
                rows[rows.count - 1] = last
            } else {
                rows.append(c)
            }
        }
        var result: [Trapezoid] = []
        result.reserveCapacity(rows.count)
        var open: [Int] = []
        var i = 0
        while i < rows.count {
            let top = rows[i].top
            var next: [Int] = []
            while i < rows.count, rows[i].top == top {
                let c = rows[i]
                if let m = open.first(where: { result[$0].canGrow(over: c) }) {
                    result[m].bottom = c.bottom
                    result[m].bottomLeft = c.bottomLeft
                    result[m].bottomRight = c.bottomRight
                    next.append(m)
                } else {
                    result.append(c)
                    next.append(result.count - 1)
                }
                i += 1
            }
            open = next
        }
        return result
    }

    /// Whether `below` starts where this piece ends and continues both of its sides straight.
    func canGrow(over below: Trapezoid) -> Bool {
        let eps = TouchTargetConstants.epsilon
        guard bottom == below.top, abs(bottomLeft - below.topLeft) <= eps, abs(bottomRight - below.topRight) <= eps
        else { return false }
        let h = bottom - top
        let extra = below.bottom - below.top
        guard h > 0, extra > 0 else { return false }
        let left = bottomLeft + (bottomLeft - topLeft) / h * extra
        let right = bottomRight + (bottomRight - topRight) / h * extra
        let scale = 1 + abs(below.bottomLeft) + abs(below.bottomRight)
        return abs(left - below.bottomLeft) <= eps * scale && abs(right - below.bottomRight) <= eps * scale
    }
}
