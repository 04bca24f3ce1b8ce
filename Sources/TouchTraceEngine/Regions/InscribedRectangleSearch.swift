/// The largest axis-aligned rectangle inside a union of trapezoids (a region in its view's axes).
///
/// The region is cut into rows at every piece's top and bottom; in a row each piece offers the
/// x-interval that its sides leave free over the whole row. Every run of consecutive rows then
/// offers the intersection of their intervals, and the best rectangle over all runs is the
/// answer. With vertical sides only (rectangles: every axis-aligned region, and rotated views
/// whose neighbours share their rotation) this is exact. Rows with sloping sides are first cut
/// into rows at most `TouchTargetConstants.inscribedRowHeight` tall, and the best rectangle is
/// then grown to the exact boundary (up, down, then sideways), so its edges touch the region.
enum InscribedRectangleSearch {
    struct Row {
        var top: Double
        var bottom: Double
        var intervals: [(lo: Double, hi: Double)]
        /// The pieces spanning the row.
        var pieces: [Int]
    }

    /// The rectangle with the highest `score(width, height)` (which must grow with both).
    static func best(in pieces: [Trapezoid], work: (Int) -> Bool = { _ in false }, score: (Double, Double) -> Double) -> Rect? {
        guard !pieces.isEmpty else { return nil }
        if pieces.count == 1, pieces[0].isRectangle {
            let p = pieces[0]
            return Rect(x: p.topLeft, y: p.top, width: p.topRight - p.topLeft, height: p.bottom - p.top)
        }
        let sorted = pieces.sorted { $0.top < $1.top }
        let base = rows(of: sorted, cuts: cuts(of: sorted), work: work)
        var slopedHeight = 0.0
        for row in base where isSloped(sorted, row) { slopedHeight += row.bottom - row.top }
        guard slopedHeight > 0, slopedHeight.isFinite else { return search(base, work: work, score: score) }
        let rowHeight = max(
            TouchTargetConstants.inscribedRowHeight, slopedHeight / Double(TouchTargetConstants.inscribedMaximumRows))
        var ys: [Double] = []
        for row in base {
            ys.append(row.top)
            // At most `inscribedMaximumRows` per row (the row height is at least the sloped
            // height over that count); clamped, not converted, for rows of any height.
            let n = Checked.int((row.bottom - row.top) / rowHeight, rounding: .up, clampedTo: 0...TouchTargetConstants.inscribedMaximumRows) ?? 0
            if n > 1, isSloped(sorted, row) {
                for s in 1..<n { ys.append(row.top + (row.bottom - row.top) * Double(s) / Double(n)) }
            }
            ys.append(row.bottom)
        }
        guard let found = search(rows(of: sorted, cuts: unique(ys.sorted()), work: work), work: work, score: score) else { return nil }
        return refine(found, pieces: sorted, base: base, step: rowHeight, score: score)
    }

    /// The sorted distinct tops and bottoms.
    static func cuts(of pieces: [Trapezoid]) -> [Double] {
        var ys: [Double] = []
        ys.reserveCapacity(2 * pieces.count)
        for p in pieces {
            ys.append(p.top)
            ys.append(p.bottom)
        }
        return unique(ys.sorted())
    }

    static func unique(_ sorted: [Double]) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(sorted.count)
        for y in sorted {
            if let last = out.last, y - last <= TouchTargetConstants.epsilon { continue }
            out.append(y)
        }
        return out
    }

    /// One row per pair of consecutive cuts that some piece spans, with the merged intervals the
    /// pieces leave free over the whole row. `pieces` is sorted by top.
    static func rows(of pieces: [Trapezoid], cuts: [Double], work: (Int) -> Bool = { _ in false }) -> [Row] {
        let eps = TouchTargetConstants.epsilon
        var rows: [Row] = []
        guard cuts.count > 1 else { return rows }
        rows.reserveCapacity(cuts.count - 1)
        let sweep = SlabSweep(tops: pieces.map(\.top), bottoms: pieces.map(\.bottom))
        sweep.forEachSlab(cuts: cuts, work: work) { ya, yb, spanning in
            // A row with pieces but no interval free over all of it (a triangle's tip) is kept:
            // it is cut finer when its sides slope.
            guard !spanning.isEmpty else { return }
            var intervals: [(lo: Double, hi: Double)] = []
            for i in spanning {
                let p = pieces[i]
                let lo = max(p.left(at: ya), p.left(at: yb))
                let hi = min(p.right(at: ya), p.right(at: yb))
                if hi - lo > eps { intervals.append((lo, hi)) }
            }
            rows.append(Row(top: ya, bottom: yb, intervals: mergeIntervals(intervals), pieces: spanning))
        }
        return rows
    }

    static func mergeIntervals(_ list: [(lo: Double, hi: Double)]) -> [(lo: Double, hi: Double)] {
        guard list.count > 1 else { return list }
        let sorted = list.sorted { $0.lo < $1.lo }
        var out: [(lo: Double, hi: Double)] = []
        for iv in sorted {
            if let last = out.last, iv.lo <= last.hi + TouchTargetConstants.epsilon {
                out[out.count - 1].hi = max(last.hi, iv.hi)
            } else {
                out.append(iv)
            }
        }
        return out
    }

    /// Whether a piece spanning the row has a sloping side there.
    static func isSloped(_ pieces: [Trapezoid], _ row: Row) -> Bool {
        let eps = TouchTargetConstants.epsilon
        for i in row.pieces {
            let p = pieces[i]
            if abs(p.left(at: row.top) - p.left(at: row.bottom)) > eps { return true }
            if abs(p.right(at: row.top) - p.right(at: row.bottom)) > eps { return true }
        }
        return false
    }

    /// Every run of consecutive, touching rows, with pruning by an upper bound of the score.
    static func search(_ rows: [Row], work: (Int) -> Bool = { _ in false }, score: (Double, Double) -> Double) -> Rect? {
        let eps = TouchTargetConstants.epsilon
        let n = rows.count
        guard n > 0 else { return nil }
        // The bottom of the contiguous block each row starts (for the height bound).
        var blockBottom = Array(repeating: 0.0, count: n)
        for k in stride(from: n - 1, through: 0, by: -1) {
            let touchesNext = k + 1 < n && abs(rows[k + 1].top - rows[k].bottom) <= eps
            blockBottom[k] = touchesNext ? blockBottom[k + 1] : rows[k].bottom
        }
        var best: Rect?
        var bestScore = -Double.infinity
        if rows.allSatisfy({ $0.intervals.count <= 1 }) {
            // One interval per row (convex and most real regions): scalar intersections.
            for i in 0..<n where !rows[i].intervals.isEmpty {
                if work(1) { return best }
                var lo = rows[i].intervals[0].lo
                var hi = rows[i].intervals[0].hi
                let top = rows[i].top
                var j = i
                while score(hi - lo, blockBottom[i] - top) > bestScore {
                    let height = rows[j].bottom - top
                    let s = score(hi - lo, height)
                    if s > bestScore {
                        bestScore = s
                        best = Rect(x: lo, y: top, width: hi - lo, height: height)
                    }
                    j += 1
                    if work(1) { return best }
                    guard j < n, abs(rows[j].top - rows[j - 1].bottom) <= eps, let next = rows[j].intervals.first else { break }
                    lo = max(lo, next.lo)
                    hi = min(hi, next.hi)
                    if hi - lo <= eps { break }
                }
            }
            return best
        }
        for i in 0..<n where !rows[i].intervals.isEmpty {
            var current = rows[i].intervals
            let top = rows[i].top
            var j = i
            while score(current.reduce(0) { max($0, $1.hi - $1.lo) }, blockBottom[i] - top) > bestScore {
                let height = rows[j].bottom - top
                for iv in current {
                    let s = score(iv.hi - iv.lo, height)
                    if s > bestScore {
                        bestScore = s
                        best = Rect(x: iv.lo, y: top, width: iv.hi - iv.lo, height: height)
                    }
                }
                j += 1
                if work(current.count + 1) { return best }
                guard j < n, abs(rows[j].top - rows[j - 1].bottom) <= eps else { break }
                current = intersect(current, rows[j].intervals)
                if current.isEmpty { break }
            }
        }
        return best
    }

    static func intersect(_ a: [(lo: Double, hi: Double)], _ b: [(lo: Double, hi: Double)]) -> [(lo: Double, hi: Double)] {
        var out: [(lo: Double, hi: Double)] = []
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            let lo = max(a[i].lo, b[j].lo)
            let hi = min(a[i].hi, b[j].hi)
            if hi - lo > TouchTargetConstants.epsilon { out.append((lo, hi)) }
            if a[i].hi < b[j].hi { i += 1 } else { j += 1 }
        }
        return out
    }

    /// The free interval around `x` over the band `[y0, y1]`, exactly (sides are straight inside
    /// a base row, so their extremes are at the band's ends); nil when the band is not covered.
    static func freeInterval(around x: Double, from y0: Double, to y1: Double, base: [Row], pieces: [Trapezoid]) -> (lo: Double, hi: Double)? {
        let eps = TouchTargetConstants.epsilon
        var lo = -Double.infinity
        var hi = Double.infinity
        var covered = y0
        // The first row ending below y0.
        var k = 0
        var upper = base.count
        while k < upper {
            let mid = (k + upper) / 2
            if base[mid].bottom > y0 + eps { upper = mid } else { k = mid + 1 }
        }
        while k < base.count, base[k].top < y1 - eps {
            let row = base[k]
            k += 1
            guard row.top <= covered + eps else { return nil }
            let ya = max(y0, row.top)
            let yb = min(y1, row.bottom)
            var found: (lo: Double, hi: Double)?
            if row.pieces.count == 1 {
                let p = pieces[row.pieces[0]]
                let a = max(p.left(at: ya), p.left(at: yb))
                let b = min(p.right(at: ya), p.right(at: yb))
                if b > a, a <= x + eps, b >= x - eps { found = (a, b) }
            } else {
                var intervals: [(lo: Double, hi: Double)] = []
                for i in row.pieces {
                    let p = pieces[i]
                    let a = max(p.left(at: ya), p.left(at: yb))
                    let b = min(p.right(at: ya), p.right(at: yb))
                    if b > a { intervals.append((a, b)) }
                }
                for iv in mergeIntervals(intervals) where iv.lo <= x + eps && iv.hi >= x - eps { found = iv }
            }
            guard let iv = found else { return nil }
            lo = max(lo, iv.lo)
            hi = min(hi, iv.hi)
            covered = row.bottom
        }
        guard covered >= y1 - eps, lo < hi else { return nil }
        return (lo, hi)
    }

    /// Moves the top and bottom of a row-aligned rectangle off the rows to the best band nearby
    /// (a pattern search whose step halves down to 1e-5 pt), the sides always the exact free
    /// interval of the band around the rectangle's centre; so the result touches the region's
    /// boundary and trades height for width where the sides slope.
    static func refine(_ r: Rect, pieces: [Trapezoid], base: [Row], step: Double, score: (Double, Double) -> Double) -> Rect {
        let x = r.midX
        func evaluate(_ y0: Double, _ y1: Double) -> (score: Double, rect: Rect)? {
            guard y1 - y0 > TouchTargetConstants.epsilon,
                let iv = freeInterval(around: x, from: y0, to: y1, base: base, pieces: pieces)
            else { return nil }
            return (score(iv.hi - iv.lo, y1 - y0), Rect(x: iv.lo, y: y0, width: iv.hi - iv.lo, height: y1 - y0))
        }
        guard var best = evaluate(r.minY, r.maxY) else { return r }
        var y0 = r.minY
        var y1 = r.maxY
        var h = step
        var evaluations = 0
        while h > 1e-5, evaluations < 1_000 {
            var improved = false
            for (d0, d1) in [(-h, 0.0), (0.0, h), (h, 0.0), (0.0, -h), (-h, h), (h, -h), (-h, -h), (h, h)] {
                evaluations += 1
                if let candidate = evaluate(y0 + d0, y1 + d1), candidate.score > best.score {
                    best = candidate
                    y0 += d0
                    y1 += d1
                    improved = true
                    break
                }
            }
            if !improved { h /= 2 }
        }
        return best.rect
    }
}
