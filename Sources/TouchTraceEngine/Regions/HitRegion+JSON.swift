extension HitRegion {
    /// The bounding box of the view's touch area in the region's axes.
    public var touchAreaBox: Rect? { Rect.bounding(touchAreaPieces.lazy.flatMap { $0.corners }) }

    /// The region as JSON (coordinates in the front-most window's, rounded to 1e-4 pt):
    /// `view`, `reach`, `area`, `size` (the largest inscribed rectangle's, in the view's axes),
    /// `largestRectangle` (`width`, `height`, `corners`), `touchArea` (`area`, `size`),
    /// `polygons` (each piece's four corners), `coveredBy` (each blocker: `relation`, `view`,
    /// `area`, `where`, `description`, `rule`, `polygons`) and, when hit testing can never reach
    /// the view, `unreachable` (`reason`, `view`).
    public func json(in scene: Scene) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("view", .string(scene.views[view].id)),
            ("reach", .string(reach.rawValue)),
            ("area", RegionFormat.json(area)),
            ("size", RegionFormat.json(largestRectangle.map { Size(width: $0.width, height: $0.height) } ?? .zero)),
            ("largestRectangle", largestRectangle.map(Self.json) ?? .null),
            ("touchArea", .obj([
                "area": RegionFormat.json(touchArea),
                "size": RegionFormat.json(touchAreaRectangle.map { Size(width: $0.width, height: $0.height) } ?? .zero),
            ])),
            ("polygons", Self.json(polygons: pieces, axes: axes)),
            ("coveredBy", .array(blockers.map { blockerJSON($0, in: scene) })),
        ]
        if let unreachable {
            members.append(("unreachable", .obj([
                "reason": .string(unreachable.reason.rawValue), "view": .string(scene.views[unreachable.view].id),
            ])))
        }
        return .object(members)
    }

    /// One blocker as JSON, with its place in this region's touch area.
    public func blockerJSON(_ b: RegionBlocker, in scene: Scene) -> JSONValue {
        let box = touchAreaBox ?? b.extent
        var members: [(key: String, value: JSONValue)] = [
            ("relation", .string(b.relation.name)),
            ("view", .string(orNull: b.view.map { scene.views[$0].id })),
            ("area", RegionFormat.json(b.area)),
            ("where", .string(b.location(in: box, touchArea: touchArea).phrase)),
            ("description", .string(b.phrase(of: view, in: scene))),
            ("rule", .string(b.rule.rawValue)),
            ("polygons", Self.json(polygons: b.pieces, axes: axes)),
        ]
        if let via = b.via { members.append(("via", .string(scene.views[via].id))) }
        if let vc = b.viewController { members.append(("viewController", .string(scene.viewControllers[vc].id))) }
        return .object(members)
    }

    static func json(_ r: InscribedRectangle) -> JSONValue {
        .obj([
            "width": RegionFormat.json(r.width), "height": RegionFormat.json(r.height),
            "corners": .array(r.corners.map(RegionFormat.json)),
        ])
    }

    static func json(polygons pieces: [Trapezoid], axes: RegionAxes) -> JSONValue {
        .array(pieces.map { piece in .array(piece.corners.map { RegionFormat.json(axes.toWindow($0)) }) })
    }
}
