/// What Auto Layout decided for a scene (rule L6; openapi.yaml `frames`, `conflicts`, `ambiguous`).
public struct AutoLayoutResult: Sendable {
    public var scene: Scene
    /// Every view of the system with its solved frame (superview coordinates, unrounded).
    public var frames: [(view: Int, frame: Rect)]
    /// Broken required constraints with the constraints they conflict with (indices into `constraints`).
    public var conflicts: [(broken: Int, involved: [Int])]
    /// Views whose frame is not determined.
    public var ambiguous: [Int]
    /// Every constraint of the system, declared and generated.
    public var constraints: [LayoutConstraint]

    /// The generated constraints (every origin but `scene`).
    public var generated: [LayoutConstraint] { constraints.filter { $0.origin != .scene } }

    /// `{"frames": {id: rect}, "conflicts": [{"broken", "involved"}], "ambiguous": [ids],
    /// "generatedConstraints": [...]}`.
    public var json: JSONValue {
        .obj([
            "frames": .object(frames.map { (key: scene.views[$0.view].id, value: $0.frame.json) }),
            "conflicts": .array(
                conflicts.map { c in
                    .obj([
                        "broken": constraints[c.broken].json(in: scene),
                        "involved": .array(c.involved.map { constraints[$0].json(in: scene) }),
                    ])
                }),
            "ambiguous": .array(ambiguous.map { .string(scene.views[$0].id) }),
            "generatedConstraints": .array(generated.map { $0.json(in: scene) }),
        ])
    }
}
