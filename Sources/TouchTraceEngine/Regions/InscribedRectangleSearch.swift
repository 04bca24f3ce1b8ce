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
    }

    /// The rectangle with the highest `score(width, height)` (which must grow with both).
    static func best(in pieces: [Trapezoid], score: (Double, Double) -> Double) -> Rect? {
        let eps = TouchTargetConstants.epsilon
        guard !pieces.isEmpty else { return nil }
        let base = rows(of: pieces, cuts: cuts(of: pieces))
        var sloped = false
        var slopedHeight = 0.0
        for (k, row) in base.enumerated() where isSloped(pieces, row, base, k) {
            sloped = true
            slopedHeight += row.bottom - row.top
        }
        var searchRows = base
        var rowHeight = TouchTargetConstants.inscribedRowHeight
        if sloped {
            rowHeight = max(rowHeight, slopedHeight / Double(TouchTargetConstants.inscribedMaximumRows))
            var ys: [Double] = []
            for row in base {
                ys.append(row.top)
                let n = Int(((row.bottom - row.top) / rowHeight).rounded(.up))
                if n > 1 {
                    for s in 1..<n { ys.append(row.top + (row.bottom - row.top) * Double(s) / Double(n)) }
                }
                ys.append(row.bottom)
            }
            searchRows = rows(of: pieces, cuts: unique(ys.sorted()))
        }
        guard var found = search(searchRows, score: score) else { return nil }
        if sloped {
            found = grow(found, pieces: pieces, base: base, step: rowHeight + eps)
        }
        return found
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
    /// pieces leave free over the whole row.
    static func rows(of pieces: [Trapezoid], cuts: [Double]) -> [Row] {
        let eps = TouchTargetConstants.epsilon
        var rows: [Row] = []
        guard cuts.count > 1 else { return rows }
        let sorted = pieces.sorted { $0.top < $1.top }
        var first = 0
        for k in 0..<(cuts.count - 1) {
            let ya = cuts[k]
            let yb = cuts[k + 1]
            while first < sorted.count, sorted[first].bottom <= ya + eps, sorted[first].top < ya { first += 1 }
            var intervals: [(lo: Double, hi: Double)] = []
            var i = first
            while i < sorted.count, sorted[i].top <= ya + eps {
                let p = sorted[i]
                i += 1
                guard p.bottom >= yb - eps else { continue }
                let lo = max(p.left(at: ya), p.left(at: yb))
                let hi = min(p.right(at: ya), p.right(at: yb))
                if hi - lo > eps { intervals.append((lo, hi)) }
            }
            guard !intervals.isEmpty else { continue }
            rows.append(Row(top: ya, bottom: yb, intervals: mergeIntervals(intervals)))
        }
        return rows
    }

    static func mergeIntervals(_ list: [(lo: Double, hi: Double)]) -> [(lo: Double, hi: Double)] {
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
    static func isSloped(_ pieces: [Trapezoid], _ row: Row, _ rows: [Row], _ k: Int) -> Bool {
        let eps = TouchTargetConstants.epsilon
        for p in pieces where p.top <= row.top + eps && p.bottom >= row.bottom - eps {
            if abs(p.left(at: row.top) - p.left(at: row.bottom)) > eps { return true }
            if abs(p.right(at: row.top) - p.right(at: row.bottom)) > eps { return true }
        }
        return false
    }

    /// Every run of consecutive, touching rows, with pruning by an upper bound of the score.
    static func search(_ rows: [Row], score: (Double, Double) -> Double) -> Rect? {
        let eps = TouchTargetConstants.epsilon
        guard !rows.isEmpty else { return nil }
        // The bottom of the contiguous block each row starts (for the height bound).
        var blockBottom = Array(repeating: 0.0, count: rows.count)
        for k in stride(from: rows.count - 1, through: 0, by: -1) {
            let touchesNext = k + 1 < rows.count && abs(rows[k + 1].top - rows[k].bottom) <= eps
            blockBottom[k] = touchesNext ? blockBottom[k + 1] : rows[k].bottom
        }
        var best: Rect?
        var bestScore = -Double.infinity
        for i in 0..<rows.count {
            var current = rows[i].intervals
            let top = rows[i].top
            var widest = current.reduce(0) { max($0, $1.hi - $1.lo) }
            if score(widest, blockBottom[i] - top) <= bestScore { continue }
            var j = i
            while true {
                let height = rows[j].bottom - top
                for iv in current {
                    let s = score(iv.hi - iv.lo, height)
                    if s > bestScore {
                        bestScore = s
                        best = Rect(x: iv.lo, y: top, width: iv.hi - iv.lo, height: height)
                    }
                }
                j += 1
                guard j < rows.count, abs(rows[j].top - rows[j - 1].bottom) <= eps else { break }
                current = intersect(current, rows[j].intervals)
                if current.isEmpty { break }
                widest = current.reduce(0) { max($0, $1.hi - $1.lo) }
                if score(widest, blockBottom[i] - top) <= bestScore { break }
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
        for row in base where row.bottom > y0 + eps && row.top < y1 - eps {
            guard row.top <= covered + eps else { return nil }
            let ya = max(y0, row.top)
            let yb = min(y1, row.bottom)
            var intervals: [(lo: Double, hi: Double)] = []
            for p in pieces where p.top <= row.top + eps && p.bottom >= row.bottom - eps {
                let a = max(p.left(at: ya), p.left(at: yb))
                let b = min(p.right(at: ya), p.right(at: yb))
                if b > a { intervals.append((a, b)) }
            }
            guard let iv = mergeIntervals(intervals).first(where: { $0.lo <= x + eps && $0.hi >= x - eps }) else { return nil }
            lo = max(lo, iv.lo)
            hi = min(hi, iv.hi)
            covered = row.bottom
        }
        guard covered >= y1 - eps, lo < hi else { return nil }
        return (lo, hi)
    }

    /// Grows a row-aligned rectangle to the region's exact boundary: its top up and its bottom
    /// down by bisection (at most `step`), then its sides out.
    static func grow(_ r: Rect, pieces: [Trapezoid], base: [Row], step: Double) -> Rect {
        func fits(_ y0: Double, _ y1: Double) -> Bool {
            guard let iv = freeInterval(around: r.midX, from: y0, to: y1, base: base, pieces: pieces) else { return false }
            return iv.lo <= r.minX + TouchTargetConstants.epsilon && iv.hi >= r.maxX - TouchTargetConstants.epsilon
        }
        var top = r.minY
        var lo = r.minY - step
        var hi = r.minY
        if fits(lo, r.maxY) { top = lo } else {
            for _ in 0..<48 {
                let mid = (lo + hi) / 2
                if fits(mid, r.maxY) { hi = mid } else { lo = mid }
            }
            top = hi
        }
        var bottom = r.maxY
        lo = r.maxY
        hi = r.maxY + step
        if fits(top, hi) { bottom = hi } else {
            for _ in 0..<48 {
                let mid = (lo + hi) / 2
                if fits(top, mid) { lo = mid } else { hi = mid }
            }
            bottom = lo
        }
        guard let iv = freeInterval(around: r.midX, from: top, to: bottom, base: base, pieces: pieces) else { return r }
        let x0 = min(iv.lo, r.minX)
        let x1 = max(iv.hi, r.maxX)
        return Rect(x: x0, y: top, width: x1 - x0, height: bottom - top)
    }
}
