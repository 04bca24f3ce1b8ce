import TouchTraceEngine

/// Effective hit regions (docs/audit.md): each control's and gesture view's region shaded, and
/// every part of its touch area that a touch does not reach hatched by why — covered or taken by
/// another view (H3, H8, H9, R3), outside an ancestor (H4), or never reached at all (H1, H5–H7, H10).
extension Picture {
    /// How a blocked part is drawn.
    enum BlockKind: String {
        case covered = "tt-covered", clipped = "tt-clipped", unreachable = "tt-unreachable"
    }

    static func kind(of relation: RegionBlocker.Relation) -> BlockKind {
        switch relation {
        case .outsideAncestor: return .clipped
        case .unreachable: return .unreachable
        case .covered, .capturedByAncestor, .redirected, .passesThrough, .elsewhere: return .covered
        }
    }

    func writeRegions(_ out: inout SVGWriter) {
        guard !regions.isEmpty else { return }
        out.line("<g class=\"tt-regions\">")
        for region in regions {
            out.open("g", [("class", "tt-region"), ("data-view", scene.views[region.view].id), ("data-reach", region.reach.rawValue)])
            out.element("title", text: summary(of: region))
            let reach = SVGWriter.path(region.polygons)
            if !reach.isEmpty { out.open("path", [("class", "tt-reach"), ("d", reach)], close: true) }
            for blocker in region.blockers {
                let d = SVGWriter.path(blocker.pieces.map { $0.corners.map(region.axes.toWindow) })
                guard !d.isEmpty else { continue }
                out.open("path", [
                    ("class", Self.kind(of: blocker.relation).rawValue), ("data-relation", blocker.relation.name), ("d", d),
                ])
                out.element("title", text: sentence(blocker, of: region))
                out.close("path")
            }
            out.close("g")
        }
        out.close("g")
    }

    /// "payButton: reaches 44×20 pt (880 of 2200 pt²); its lower 24 pt are covered by couponBanner, a later sibling"
    func summary(of region: HitRegion) -> String {
        let id = scene.views[region.view].id
        var text = "\(id): "
        if region.isEmpty {
            text += "no point reaches it"
        } else {
            let size = region.largestRectangle.map { "\(SVGWriter.number($0.width))×\(SVGWriter.number($0.height)) pt" } ?? "0×0 pt"
            text += "reaches \(size) (\(SVGWriter.number(region.area)) of \(SVGWriter.number(region.touchArea)) pt²)"
        }
        let sentences = region.blockers.map { sentence($0, of: region) }
        if !sentences.isEmpty { text += "; " + sentences.joined(separator: "; ") }
        return text
    }

    func sentence(_ blocker: RegionBlocker, of region: HitRegion) -> String {
        blocker.sentence(of: region.view, in: scene, touchBox: region.touchAreaBox ?? blocker.extent, touchArea: region.touchArea)
    }
}
