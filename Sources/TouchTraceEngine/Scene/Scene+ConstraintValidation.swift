/// The checks UIKit makes when a constraint is created or activated (rule L6), run by the scene
/// decoder and by the `addConstraint` change: a scene whose constraints UIKit would refuse is
/// invalid, with a pointer per problem. Solving is the Auto Layout stage's (``AutoLayoutSystem``).
package enum ConstraintValidation {
    /// The checks `NSLayoutConstraint`'s initializer and `isActive` make, over every constraint of
    /// the scene, each problem located by the constraint's JSON pointer:
    /// - the attributes of a location pairing are on one axis (`left` cannot equal `top`), and a
    ///   location cannot relate to a size (`left == width`) or `left`/`right` to `leading`/`trailing`;
    /// - a location cannot equal a constant alone (no second item) nor be multiplied by 0
    ///   ("a location equal to a constant" is illegal); sizes may be constant-only;
    /// - `notAnAttribute` only as the second attribute of a constraint without a second item;
    /// - the multiplier and the constant are finite (the decoder rejects NaN already);
    /// - both items are in one view hierarchy (UIKit: "Unable to install constraint … no common
    ///   ancestor").
    /// The priority range (1…1000) is checked by the decoder.
    public static func problems(in scene: Scene) -> [SceneProblem] {
        var problems: [SceneProblem] = []
        for view in scene.views.indices {
            for spec in scene.views[view].layout.constraints {
                problems += Self.problems(of: spec, in: scene)
            }
        }
        return problems
    }

    /// The problems of one constraint (see ``problems(in:)``); empty when UIKit would accept it.
    public static func problems(of spec: ConstraintSpec, in scene: Scene) -> [SceneProblem] {
        var problems: [SceneProblem] = []
        func fail(_ field: String, _ message: String) {
            problems.append(SceneProblem(pointer: field.isEmpty ? spec.pointer : spec.pointer + "/" + field, message: message))
        }
        guard let first = LayoutAttribute(rawValue: spec.firstAttribute),
            let second = LayoutAttribute(rawValue: spec.secondAttribute)
        else {
            fail("", "unknown layout attribute")
            return problems
        }
        if first == .notAnAttribute {
            fail("firstAttribute", "the first attribute cannot be notAnAttribute")
            return problems
        }
        if spec.secondItem == nil {
            if first.isLocation {
                fail(
                    "secondItem",
                    "a constraint cannot make the location attribute \(first.rawValue) equal to a constant; relate it to another item (only width and height may be constant-only)")
            }
        } else {
            if second == .notAnAttribute {
                fail("secondAttribute", "a constraint with a second item needs a second attribute")
            } else if first.isLocation != second.isLocation {
                fail(
                    "secondAttribute",
                    "invalid pairing of layout attributes: \(first.rawValue) is a \(first.isLocation ? "location" : "size") and \(second.rawValue) a \(second.isLocation ? "location" : "size")")
            } else if first.isLocation, first.axis != second.axis {
                fail(
                    "secondAttribute",
                    "invalid pairing of layout attributes: \(first.rawValue) is horizontal and \(second.rawValue) vertical (or the reverse); a location relates only to a location on the same axis")
            } else if first.directionFamily != 0, second.directionFamily != 0, first.directionFamily != second.directionFamily {
                fail(
                    "secondAttribute",
                    "invalid pairing of layout attributes: \(first.rawValue) and \(second.rawValue) mix left/right with leading/trailing")
            }
            if first.isLocation, spec.multiplier == 0 {
                fail("multiplier", "a multiplier of 0 makes the location \(first.rawValue) equal to a constant, which is illegal")
            }
        }
        if !spec.multiplier.isFinite { fail("multiplier", "the multiplier must be a finite number") }
        if !spec.constant.isFinite { fail("constant", "the constant must be a finite number") }

        let a = scene.layoutItem(named: spec.firstItem)
        let b = spec.secondItem.map { scene.layoutItem(named: $0) }
        if a == nil { fail("firstItem", "unknown constraint item \"\(spec.firstItem)\"") }
        if let b, b == nil { fail("secondItem", "unknown constraint item \"\(spec.secondItem ?? "")\"") }
        if let a, let bb = b ?? nil, scene.nearestCommonAncestor(a.anchor, bb.anchor) == nil {
            fail(
                "",
                "the items \"\(spec.firstItem)\" and \"\(spec.secondItem ?? "")\" have no common ancestor: a constraint can only relate items in one view hierarchy")
        }
        return problems
    }
}
