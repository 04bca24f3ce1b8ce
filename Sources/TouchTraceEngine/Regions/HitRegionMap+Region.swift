extension HitRegionMap {
    /// The effective hit region of `view` (see the type's documentation for the method).
    public func region(of view: Int) -> HitRegion {
        let reach = reach(of: view)
        let spend = { (units: Int) -> Bool in work.spend(units) }
        let transform = shapes.toReference[view]
        let axes = transform.map { RegionAxes(along: Point(x: $0.a, y: $0.b)) } ?? .window
        let inverse = transform?.inverted
        let unreachable = shapes.unreachable[view]
        let ancestors = shapes.ancestors(of: view)
        let gestures = reach == .gestureRecognizers
        let ownTaker = shapes.taker[view]
        // Each test of the view's own touch area costs its vertices (a 100,000-vertex polygon
        // tested once per face would take minutes uncounted).
        let areaCost = scene.views[view].pointInside.testCost
        func inTouchArea(_ point: Point) -> Bool {
            _ = work.spend(areaCost)
            return shapes.touchAreaContains(view, point, inverse: inverse)
        }
        func reaches(_ hit: Int) -> Bool {
            shapes.isInSubtree(hit, of: view) && (gestures || shapes.taker[hit] == ownTaker)
        }

        // The view's own touch area, in its axes.
        let own = outline(of: view, in: axes)
        let touchBox = Rect.bounding(own.lazy.map(\.a))
        var touchCells: [Trapezoid] = []
        var touchArea = 0.0
        if let touchBox {
            var inside: [Bool] = []
            SlabDecomposition.forEachCell(in: touchBox, segments: own, work: spend) { cell, centre, face in
                if face == inside.count { inside.append(inTouchArea(axes.toWindow(centre))) }
                if inside[face] {
                    touchCells.append(cell)
                    touchArea += cell.area
                }
            }
        }

        // The domain: the touch area cut down to the ancestors' boxes (H4), and the touch areas
        // of views that redirect to this one (H9).
        var domain: Rect?
        var clipper: Int?
        if unreachable == nil, let touchBox {
            var clipped: Rect? = touchBox
            for a in ancestors {
                let ancestorBox = box(of: a, in: axes)
                if clipper == nil, !(ancestorBox?.encloses(touchBox, tolerance: TouchTargetConstants.epsilon) ?? false) {
                    clipper = a
                }
                clipped = ancestorBox.flatMap { clipped?.overlap($0) }
            }
            domain = clipped
        }
        for (source, target) in redirects where touch(hitting: target, reaches: view) {
            var sourceBox = box(of: source, in: axes)
            for a in shapes.ancestors(of: source) {
                sourceBox = box(of: a, in: axes).flatMap { sourceBox?.overlap($0) }
            }
            if let sourceBox { domain = domain.map { $0.union(sourceBox) } ?? sourceBox }
        }

        var blockers = BlockerTally()
        var cells: [Trapezoid] = []
        var area = 0.0
        var insideTouchArea = 0.0
        if let domain, let windowBox = Rect.bounding(domain.corners.map(axes.toWindow)) {
            var segments: [Segment] = []
            let candidates = shapes.grid.candidates(near: windowBox, work: spend) ?? []
            for u in candidates where !work.exceeded {
                guard let b = shapes.boxes[u], b.overlap(windowBox) != nil else { continue }
                for s in shapes.segments(of: u) { segments.append(Segment(a: axes.fromWindow(s.a), b: axes.fromWindow(s.b))) }
            }
            let context = BlockerContext(map: self, view: view, ancestors: ancestors)
            // Each face of the arrangement is decided once: reached, in the touch area, and who
            // blocks it (every outline that could change an answer is an edge). A sliver cell
            // (thinner than `robustCell`) is decided on its own and never decides its face, so that
            // rounding next to an edge cannot spread over a face.
            typealias Answer = (reached: Bool, inside: Bool, blocker: BlockerKey?)
            var decided: [Answer?] = []
            func decide(_ centre: Point) -> Answer {
                let point = axes.toWindow(centre)
                var visits = 0
                let hit = tester.hitViewIndex(at: point, visits: &visits)
                _ = work.spend(visits)
                let reached = hit.map { reaches($0) } ?? false
                let inside = unreachable == nil && inTouchArea(point)
                return (reached, inside, inside && !reached ? context.blocker(at: point, hit: hit) : nil)
            }
            SlabDecomposition.forEachCell(in: domain, segments: segments, work: spend) { cell, centre, face in
                while decided.count <= face { decided.append(nil) }
                let answer: Answer
                if let known = decided[face] {
                    answer = known
                } else {
                    answer = decide(centre)
                    let width = (cell.topRight - cell.topLeft + cell.bottomRight - cell.bottomLeft) / 2
                    if min(cell.height, width) >= Self.robustCell { decided[face] = answer }
                }
                if answer.reached {
                    cells.append(cell)
                    area += cell.area
                }
                if answer.inside { insideTouchArea += cell.area }
                if let key = answer.blocker { blockers.add(key, cell: cell) }
            }
        }

        let touchPieces = Trapezoid.merged(touchCells)
        if let unreachable {
            let key = BlockerKey(relation: .unreachable(unreachable.reason), view: unreachable.view)
            blockers.add(key, area: touchArea, extent: touchBox ?? Rect(origin: .zero, size: .zero), cells: touchPieces)
        } else if let touchBox, touchArea - insideTouchArea > TouchTargetConstants.negligibleArea {
            // The part of the touch area outside the domain lies outside an ancestor's box (H4):
            // cut the touch area by the domain's sides and the ancestors' outlines, and give each
            // face outside the domain to the nearest ancestor that leaves it out.
            var cut = own
            for a in ancestors { cut += outline(of: a, in: axes) }
            if let domain {
                let c = domain.corners
                for i in 0..<4 { cut.append(Segment(a: c[i], b: c[(i + 1) % 4])) }
            }
            let context = BlockerContext(map: self, view: view, ancestors: ancestors)
            let fallback = BlockerKey(relation: .outsideAncestor, view: clipper ?? ancestors.last ?? view)
            var decided: [BlockerKey??] = []
            SlabDecomposition.forEachCell(in: touchBox, segments: cut, work: spend) { cell, centre, face in
                while decided.count <= face { decided.append(nil) }
                let key: BlockerKey?
                if let known = decided[face] {
                    key = known
                } else {
                    let point = axes.toWindow(centre)
                    if let domain, domain.contains(centre) {
                        key = nil
                    } else if inTouchArea(point) {
                        key = context.outsideAncestor(at: point) ?? fallback
                    } else {
                        key = nil
                    }
                    let width = (cell.topRight - cell.topLeft + cell.bottomRight - cell.bottomLeft) / 2
                    if min(cell.height, width) >= Self.robustCell { decided[face] = .some(key) }
                }
                if let key { blockers.add(key, cell: cell) }
            }
        }

        let pieces = Trapezoid.merged(cells)
        var region = HitRegion(
            view: view, reach: reach, axes: axes, pieces: pieces, area: area,
            touchAreaPieces: touchPieces, touchArea: touchArea,
            blockers: blockers.blockers(), unreachable: unreachable,
            largestRectangle: nil, touchAreaRectangle: nil)
        region.largestRectangle = InscribedRectangleSearch.best(in: pieces, work: spend) { $0 * $1 }
            .map { InscribedRectangle(rect: $0, axes: axes) }
        // Nothing blocked: the touch area is the region (and its rectangle the same).
        if unreachable == nil, region.blockers.isEmpty, abs(area - touchArea) < TouchTargetConstants.negligibleArea {
            region.touchAreaRectangle = region.largestRectangle
        } else {
            region.touchAreaRectangle = InscribedRectangleSearch.best(in: touchPieces, work: spend) { $0 * $1 }
                .map { InscribedRectangle(rect: $0, axes: axes) }
        }
        return region
    }
}

extension HitRegionMap {
    /// Cells at least this wide and tall (pt) decide their whole face (see ``region(of:)``).
    static let robustCell = 1e-6
}

extension HitRegion {
    /// The best rectangle inside the region for a minimum size: one at least `minimum` (within
    /// the tolerance) when one fits, the largest such; otherwise the one closest to fitting (the
    /// highest smaller ratio of width and height to the minimum).
    /// `work` counts the search against the request's region work (``RegionWork``).
    public func bestRectangle(for minimum: Size, work: RegionWork? = nil) -> InscribedRectangle? {
        let tolerance = TouchTargetConstants.regionTolerance
        let w = max(minimum.width, tolerance)
        let h = max(minimum.height, tolerance)
        let found = InscribedRectangleSearch.best(in: pieces, work: { work?.spend($0) ?? false }) { width, height in
            if width >= w - tolerance, height >= h - tolerance { return 2 + width * height / (width * height + 1) }
            return min(width / w, height / h, 1) + 1e-12 * width * height
        }
        return found.map { InscribedRectangle(rect: $0, axes: axes) }
    }
}
