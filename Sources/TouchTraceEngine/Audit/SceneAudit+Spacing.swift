extension SceneAudit {
    /// WCAG 2.2 SC 2.5.8's spacing exception (profile `wcag-2.5.8`): an undersized target passes
    /// when a circle of 24 CSS px diameter centred on its bounding box intersects no other target
    /// and no other undersized target's circle. Targets are the measured (not skipped) controls
    /// and gesture views with a non-empty region, by their effective regions; a target nested in
    /// another (a button in a cell with a tap recognizer) is not "another target" of it.
    static func spacingPass(_ targets: inout [AuditTarget], map: HitRegionMap, options: AuditOptions) {
        guard options.profile.hasSpacingException else { return }
        let minimum = options.profile.minimum
        let radius = TouchTargetConstants.wcagSpacingCircleDiameter / 2
        let tol = TouchTargetConstants.regionTolerance
        struct Candidate {
            var index: Int
            var polygons: [[Point]]
            var box: Rect
            var centre: Point
            var undersized: Bool
        }
        var candidates: [Candidate] = []
        for (i, t) in targets.enumerated() {
            if case .skipped = t.outcome { continue }
            guard !t.region.isEmpty, let box = t.region.boundingBox else { continue }
            let undersized = t.measured.map { !fits($0, minimum) } ?? true
            candidates.append(Candidate(index: i, polygons: t.region.polygons, box: box, centre: Point(x: box.midX, y: box.midY), undersized: undersized))
        }
        for a in candidates where a.undersized {
            var conflict: Int?
            // Every pair is compared: counted against the request's region work.
            if map.work.spend(candidates.count) { return }
            for b in candidates where b.index != a.index {
                let va = targets[a.index].view
                let vb = targets[b.index].view
                if map.shapes.isInSubtree(va, of: vb) || map.shapes.isInSubtree(vb, of: va) { continue }
                if b.undersized {
                    let dx = a.centre.x - b.centre.x, dy = a.centre.y - b.centre.y
                    if (dx * dx + dy * dy).squareRoot() < 2 * radius - tol {
                        conflict = vb
                        break
                    }
                }
                // Cheap reject by the box before the exact distance.
                let gapX = max(b.box.minX - a.centre.x, a.centre.x - b.box.maxX, 0)
                let gapY = max(b.box.minY - a.centre.y, a.centre.y - b.box.maxY, 0)
                if gapX >= radius || gapY >= radius { continue }
                if distance(from: a.centre, to: b.polygons) < radius - tol {
                    conflict = vb
                    break
                }
            }
            if let conflict {
                targets[a.index].spacingConflict = conflict
            } else {
                targets[a.index].outcome = .passedBySpacing
            }
        }
    }

    /// The distance from a point to a union of convex polygons (0 inside one).
    static func distance(from p: Point, to polygons: [[Point]]) -> Double {
        var best = Double.infinity
        for polygon in polygons {
            var inside = true
            var sign = 0.0
            for i in 0..<polygon.count {
                let a = polygon[i]
                let b = polygon[(i + 1) % polygon.count]
                let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
                if cross != 0 {
                    if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { inside = false }
                }
                best = min(best, segmentDistance(p, a, b))
            }
            if inside { return 0 }
        }
        return best
    }

    static func segmentDistance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length2 = dx * dx + dy * dy
        let t = length2 > 0 ? min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2)) : 0
        let ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y
        return (ex * ex + ey * ey).squareRoot()
    }
}
