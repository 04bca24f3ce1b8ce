import TouchTraceEngine

extension FigmaImport {
    /// A linear part within this of the identity is the identity: Figma stores matrices in
    /// single precision (`0.9999996`, `1e-10`), which would otherwise turn into transforms.
    static var identityTolerance: Double { 1e-5 }

    /// The linear part of a transform, or nil when it is the identity within `identityTolerance`.
    static func linear(_ t: Transform2D) -> Transform2D? {
        let tolerance = identityTolerance
        if abs(t.a - 1) <= tolerance, abs(t.b) <= tolerance, abs(t.c) <= tolerance, abs(t.d - 1) <= tolerance { return nil }
        return Transform2D(a: t.a, b: t.b, c: t.c, d: t.d, tx: 0, ty: 0)
    }

    /// Sets the view's frame (in its superview's coordinates) and transform from the node's
    /// `absoluteBoundingBox` and `relativeTransform`, and returns where the view sits.
    ///
    /// Unrotated (the usual case): the frame is the bounding box less the superview's origin, so
    /// it equals Figma's box exactly. Rotated, or in a rotated superview: the bounds are the
    /// node's `size`, the transform is the linear part of `relativeTransform` (Figma's matrix is
    /// UIKit's: both map the layer's coordinates into its parent's, y down), and the center is
    /// the bounding box's center taken into the superview's coordinates; UIKit's frame (L1, the
    /// bounding box of the transformed bounds) is then Figma's box.
    mutating func place(_ n: Int, view: Int, in parent: Placement, upright: Bool = false) -> Placement {
        let origin = parent.absolute.apply(.zero)
        var box = Rect(origin: origin, size: .zero)
        if let read = rect(n, "absoluteBoundingBox") {
            box = read
        } else if doc[n].value["absoluteBoundingBox"] == nil || doc[n].value["absoluteBoundingBox"] == .null {
            warn(.invalidValue, n, "\(describe(n)) has no absoluteBoundingBox: imported with a zero size at its parent's origin", lost: "its position and size")
        }
        var linear: Transform2D?
        if let t = relativeTransform(n) {
            linear = upright ? nil : Self.linear(t)
        } else if let radians = number(n, "rotation"), abs(radians) > Self.identityTolerance, !upright {
            // `rotation` is in radians, relative to the parent (as relativeTransform is: a rotated
            // instance's children carry none). Figma writes single-precision noise for "none"
            // (-8.7e-8, -1.2e-16): within 1e-5 it is unrotated. A half turn needs no sense of
            // direction: its bounds are its bounding box, its transform is -1 on both axes, so it
            // is imported exactly; any other angle would need the matrix's sense and size.
            if abs(abs(radians) - Double.pi) <= Self.identityTolerance {
                linear = Transform2D(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
            } else {
                warn(
                    .layoutApproximated, n, "\(describe(n)) is rotated but has no relativeTransform (the file was fetched without geometry=paths): imported upright at its bounding box",
                    lost: "its rotation")
            }
        }
        let parentLinear = Self.linear(parent.absolute)
        if linear == nil, parentLinear == nil {
            document.views[view].frame = Rect(x: box.minX - origin.x, y: box.minY - origin.y, width: box.size.width, height: box.size.height)
            return Placement(absolute: .translation(x: box.minX, y: box.minY), size: box.size)
        }
        let l = linear ?? .identity
        let m = l.concatenating(parentLinear ?? .identity)
        let size = vector(n, "size") ?? unrotatedSize(of: box.size, under: m) ?? {
            warn(.layoutApproximated, n, "\(describe(n)) is rotated by 45° without a size: its bounds are taken as its bounding box", lost: "its exact size")
            return box.size
        }()
        guard let inverse = parent.absolute.inverted else {
            document.views[view].frame = Rect(origin: .zero, size: size)
            return Placement(absolute: parent.absolute, size: size)
        }
        let center = inverse.apply(Point(x: box.midX, y: box.midY))
        document.views[view].frame = Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        document.views[view].transform = linear
        let absolute = Transform2D.translation(x: -size.width / 2, y: -size.height / 2).concatenating(l)
            .concatenating(.translation(x: center.x, y: center.y)).concatenating(parent.absolute)
        return Placement(absolute: absolute, size: size)
    }

    /// The size whose bounding box under the linear map `m` is `box`
    /// (`W = |a|w + |c|h`, `H = |b|w + |d|h`), or nil when that does not determine it (45°).
    func unrotatedSize(of box: Size, under m: Transform2D) -> Size? {
        let (a, b, c, d) = (abs(m.a), abs(m.b), abs(m.c), abs(m.d))
        let det = a * d - c * b
        guard abs(det) > 1e-6 else { return nil }
        let w = (box.width * d - c * box.height) / det
        let h = (a * box.height - b * box.width) / det
        guard w >= -1e-6, h >= -1e-6 else { return nil }
        return Size(width: max(0, w), height: max(0, h))
    }

    /// Figma's `constraints` (how a layer follows its frame's resizing) for a view placed by its
    /// frame: autoresizing masks (L5) — LEFT → flexible right margin, RIGHT → flexible left
    /// margin, LEFT_RIGHT → flexible width, SCALE → all three flexible (the margins and the
    /// width grow in proportion, which is scaling), CENTER → both margins flexible — and the same
    /// vertically. UIKit shares a change between two flexible margins in proportion to their
    /// lengths, which keeps a layer centred only when it is: a layer set to CENTER that is off
    /// centre gets Auto Layout constraints instead (`centerX == superview.centerX + offset`),
    /// with its other axis as constraints too, so a resize moves it as Figma does.
    mutating func applyFrameConstraints(_ n: Int, view: Int, parent: Int) {
        let (horizontal, vertical) = figmaConstraints(n)
        let frame = document.views[view].frame ?? .zero
        let parentSize = document.views[parent].frame?.size ?? .zero
        let offCentre = { (value: String, start: Double, length: Double, total: Double) -> Bool in
            value == "CENTER" && abs(start - (total - start - length)) > 0.01
        }
        let rotated = document.views[view].transform != nil || document.views[parent].transform != nil
        if !rotated, parentSize.width > 0, parentSize.height > 0,
            offCentre(horizontal, frame.minX, frame.size.width, parentSize.width)
                || offCentre(vertical, frame.minY, frame.size.height, parentSize.height)
        {
            document.views[view].translatesAutoresizingMaskIntoConstraints = false
            addAxisConstraints(horizontal, view: view, parent: parent, start: frame.minX, length: frame.size.width, total: parentSize.width, horizontal: true)
            addAxisConstraints(vertical, view: view, parent: parent, start: frame.minY, length: frame.size.height, total: parentSize.height, horizontal: false)
            return
        }
        var mask: AutoresizingMask = []
        switch horizontal {
        case "RIGHT": mask.insert(.flexibleLeftMargin)
        case "LEFT_RIGHT": mask.insert(.flexibleWidth)
        case "CENTER": mask.formUnion([.flexibleLeftMargin, .flexibleRightMargin])
        case "SCALE": mask.formUnion([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin])
        default: mask.insert(.flexibleRightMargin)
        }
        switch vertical {
        case "BOTTOM": mask.insert(.flexibleTopMargin)
        case "TOP_BOTTOM": mask.insert(.flexibleHeight)
        case "CENTER": mask.formUnion([.flexibleTopMargin, .flexibleBottomMargin])
        case "SCALE": mask.formUnion([.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin])
        default: mask.insert(.flexibleBottomMargin)
        }
        document.views[view].autoresizingMask = mask
    }

    /// The node's `constraints` as (horizontal, vertical), defaults LEFT and TOP; an unknown value
    /// is warned about and read as the default.
    mutating func figmaConstraints(_ n: Int) -> (String, String) {
        guard let value = doc[n].value["constraints"], value != .null else { return ("LEFT", "TOP") }
        func read(_ key: String, _ allowed: [String], _ fallback: String) -> String {
            guard let raw = value[key] else { return fallback }
            guard case let .string(s) = raw, allowed.contains(s) else {
                warn(.invalidValue, n, "constraints.\(key) of \(describe(n)) is not one of \(allowed.joined(separator: ", "))", lost: "how it follows a resize (\(fallback) used)")
                return fallback
            }
            return s
        }
        return (
            read("horizontal", ["LEFT", "RIGHT", "CENTER", "LEFT_RIGHT", "SCALE"], "LEFT"),
            read("vertical", ["TOP", "BOTTOM", "CENTER", "TOP_BOTTOM", "SCALE"], "TOP")
        )
    }

    /// One axis of Figma's constraint as Auto Layout constraints to the superview.
    mutating func addAxisConstraints(_ value: String, view: Int, parent: Int, start: Double, length: Double, total: Double, horizontal: Bool) {
        let rule: AxisRule =
            switch value {
            case "RIGHT", "BOTTOM": .end
            case "LEFT_RIGHT", "TOP_BOTTOM": .stretch
            case "CENTER": .centre
            case "SCALE": .scale
            default: .start
            }
        addAxisConstraints(rule, view: view, parent: parent, axis: (start, length, total), horizontal: horizontal)
    }
}
