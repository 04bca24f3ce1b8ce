extension RegionBlocker {
    /// Where the blocked part lies in the view's touch area (`touchBox`, in the region's axes),
    /// and whether the phrase is plural: "all of it", "its lower 24 pt", "its left 8 pt", "its
    /// upper-right corner (10×12 pt)", "a 20×6 pt band across it", "a 10×10 pt area inside it".
    public func location(in touchBox: Rect, touchArea: Double) -> (phrase: String, plural: Bool) {
        let tol = TouchTargetConstants.regionTolerance
        let e = extent
        let b = touchBox
        let atTop = e.minY <= b.minY + tol
        let atBottom = e.maxY >= b.maxY - tol
        let atLeft = e.minX <= b.minX + tol
        let atRight = e.maxX >= b.maxX - tol
        let fullWidth = atLeft && atRight
        let fullHeight = atTop && atBottom
        let size = "\(RegionFormat.measure(e.size.width))×\(RegionFormat.measure(e.size.height)) pt"
        if fullWidth && fullHeight {
            let perimeter = 2 * (b.size.width + b.size.height)
            if area >= touchArea - tol * perimeter - TouchTargetConstants.negligibleArea { return ("all of it", false) }
            return ("parts of it (\(RegionFormat.measure(area)) pt²)", true)
        }
        if fullWidth {
            if atBottom { return ("its lower \(RegionFormat.measure(e.size.height)) pt", true) }
            if atTop { return ("its upper \(RegionFormat.measure(e.size.height)) pt", true) }
            return ("a \(RegionFormat.measure(e.size.height)) pt band across it", false)
        }
        if fullHeight {
            if atLeft { return ("its left \(RegionFormat.measure(e.size.width)) pt", true) }
            if atRight { return ("its right \(RegionFormat.measure(e.size.width)) pt", true) }
            return ("a \(RegionFormat.measure(e.size.width)) pt band down it", false)
        }
        let vertical = atTop ? "upper" : atBottom ? "lower" : nil
        let horizontal = atLeft ? "left" : atRight ? "right" : nil
        if let vertical, let horizontal { return ("its \(vertical)-\(horizontal) corner (\(size))", false) }
        if let edge = vertical.map({ $0 == "upper" ? "top" : "bottom" }) ?? horizontal {
            return ("a \(size) area at its \(edge) edge", false)
        }
        return ("a \(size) area inside it", false)
    }

    /// What blocks it, said of the view (`view` is the region's view): "covered by couponBanner,
    /// a later sibling", "outside its superview row (H4)", "inside hidden ancestor card (H1)", …
    /// in the diagnosis's words (``Diagnosis/Cause/phrase(kind:view:rule:cover:via:answer:recognizer:override:of:in:name:)``),
    /// the one explainer.
    public func phrase(of view: Int, in scene: Scene) -> String {
        let blocker = self.view
        func said(_ kind: Diagnosis.Cause.Kind, _ named: Int?, cover: Diagnosis.Cause.Cover? = nil, answer: Int? = nil,
                  override: Diagnosis.Cause.Override? = nil) -> String {
            Diagnosis.Cause.phrase(
                kind: kind, view: named ?? view, rule: relation.rule, cover: cover, via: via, answer: answer, override: override, of: view, in: scene)
        }
        switch relation {
        case .covered(.viewController): return said(.coveredBy, viewController.map { scene.viewControllers[$0].view }, cover: .viewController)
        case let .covered(cover): return said(.coveredBy, blocker, cover: cover)
        case let .unreachable(reason): return Unreachability(reason: reason, view: blocker ?? view).phrase(of: view, in: scene)
        case .capturedByAncestor: return said(.hitTestOverride, blocker, override: .capture)
        case .redirected: return said(.hitTestOverride, view, answer: blocker, override: .redirect)
        case .passesThrough: return said(.hitTestOverride, view, override: .passThroughSelf)
        case .outsideAncestor: return said(.outsideSuperviewBounds, blocker)
        case .elsewhere:
            return blocker.map { "hit by \(scene.views[$0].id) instead" } ?? "hit by nothing"
        }
    }

    /// A sentence about the blocked part: "its lower 24 pt are covered by couponBanner, a later
    /// sibling".
    public func sentence(of view: Int, in scene: Scene, touchBox: Rect, touchArea: Double) -> String {
        let (place, plural) = location(in: touchBox, touchArea: touchArea)
        return "\(place) \(plural ? "are" : "is") \(phrase(of: view, in: scene))"
    }
}

extension Unreachability {
    /// Why hit testing never visits the view, said of `target` (the view asked about) in the
    /// diagnosis's words: "inside hidden ancestor card (H1)", "not interactive:
    /// userInteractionEnabled is false (H6)" for a `UIImageView` left at its class default.
    public func phrase(of target: Int, in scene: Scene) -> String {
        let kind: Diagnosis.Cause.Kind
        var rule = reason.rule
        switch reason {
        case .hidden: kind = .hidden
        case .transparent: kind = .transparent
        case .userInteractionDisabled:
            kind = .interactionDisabled
            if !scene.views[view].viewClass.defaultUserInteractionEnabled { rule = .H6 }
        case .disabledControl: kind = .disabledControl
        case .animating: kind = .animating
        case .nonInvertibleTransform: kind = .zeroSize
        case .notInWindow: kind = .notInWindow
        }
        return Diagnosis.Cause.phrase(kind: kind, view: view, rule: rule, of: target, in: scene)
    }
}

/// Numbers in messages and JSON.
enum RegionFormat {
    /// A length or an area in a message: rounded to the tolerance (0.01), without trailing zeros.
    static func measure(_ x: Double) -> String {
        let r = (x * 100).rounded() / 100
        return JSONWriter.format(r == 0 ? 0 : r)
    }

    /// A coordinate or an area in JSON: rounded to 1e-4 pt, so that golden files do not depend
    /// on the last bits of floating-point arithmetic.
    static func json(_ x: Double) -> JSONValue {
        let r = (x * 10_000).rounded() / 10_000
        return .number(r == 0 ? 0 : r)
    }

    static func json(_ p: Point) -> JSONValue { .obj(["x": json(p.x), "y": json(p.y)]) }

    static func json(_ s: Size) -> JSONValue { .obj(["width": json(s.width), "height": json(s.height)]) }

    static func json(_ r: Rect) -> JSONValue {
        .obj(["x": json(r.minX), "y": json(r.minY), "width": json(r.size.width), "height": json(r.size.height)])
    }
}
