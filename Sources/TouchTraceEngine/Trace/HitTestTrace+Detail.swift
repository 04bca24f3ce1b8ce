extension HitTestTrace.DrawnOnTop {
    /// The sentence for people.
    public func detail(in scene: Scene) -> String {
        let top = scene.views[view]
        let below = scene.views[over]
        return "\(top.id) (zPosition \(JSONWriter.format(top.zPosition))) is drawn over \(below.id) (zPosition "
            + "\(JSONWriter.format(below.zPosition))) here, but hit testing asks subviews in subviews order, where "
            + "\(below.id) is in front: \(below.id)'s branch gets the touch"
    }
}

extension HitTestTrace.Step {
    /// One sentence saying why, for people reading the trace.
    public func detail(in scene: Scene) -> String {
        var out = JSONOutput(capacity: 96)
        writeDetail(in: scene, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Writes `detail(in:)`'s sentence as raw UTF-8 (no quotes, nothing to escape: ids are
    /// `A-Z a-z 0-9 _ . : -`).
    func writeDetail(in scene: Scene, into out: inout JSONOutput) {
        func at() {
            if let point {
                out.byte(UInt8(ascii: "("))
                out.number(point.x)
                out.raw(", ")
                out.number(point.y)
                out.byte(UInt8(ascii: ")"))
            } else {
                out.raw("the point")
            }
        }
        func resultID() {
            if result >= 0 { out.utf8(scene.views[Int(result)].id) } else { out.raw("nil") }
        }
        switch (outcome, reason) {
        case (.rejected, .hidden?): out.raw("hidden: the view and its subviews are skipped")
        case (.rejected, .userInteractionDisabled?):
            out.raw("userInteractionEnabled is false")
            if !scene.views[Int(view)].viewClass.defaultUserInteractionEnabled {
                out.raw(" (the ")
                out.utf8(scene.views[Int(view)].viewClass.rawValue)
                out.raw(" default, H6)")
            }
            out.raw(": the view and its subviews are skipped")
        case (.rejected, .transparent?):
            out.raw("alpha ")
            out.number(scene.views[Int(view)].alpha)
            out.raw(" is below 0.01: the view and its subviews are skipped")
        case (.rejected, .disabledControl?): out.raw("a disabled control returns nil for itself and its subviews")
        case (.rejected, .animating?):
            let kind = scene.views[Int(view)].animation?.kind ?? .uiViewAnimate
            out.raw(
                kind == .propertyAnimator
                    ? "a running property animator with isUserInteractionEnabled = false: the view and its subviews are skipped"
                    : "a running UIView animation without .allowUserInteraction: the view and its subviews are skipped")
        case (.rejected, .outside?):
            at()
            out.raw(" is outside the bounds (")
            let b = scene.views[Int(view)].geometry.bounds
            out.number(b.minX)
            out.raw(", ")
            out.number(b.minY)
            out.raw(", ")
            out.number(b.size.width)
            out.raw(", ")
            out.number(b.size.height)
            out.byte(UInt8(ascii: ")"))
        case (.rejected, .pointInsideOverride?):
            out.raw("point(inside:) override (")
            out.utf8(scene.views[Int(view)].pointInside.name)
            out.raw(") says ")
            at()
            out.raw(" is outside")
        case (.rejected, .hitTestOverride?): out.raw("hitTest override passThroughSelf returns nil where the view itself would be hit")
        case (.rejected, .nonInvertibleTransform?): out.raw("the transform cannot be inverted (for example a scale of 0)")
        case (.rejected, nil): out.raw("rejected")
        case (.hit, _):
            if rule == .H9 {
                out.raw("no subview answered; hitTest override redirects to ")
                resultID()
            } else {
                at()
                out.raw(scene.views[Int(view)].subviews.isEmpty ? " is inside and the view has no subviews" : " is inside and no subview answered")
            }
        case (.descend, _):
            if rule == .H9 {
                out.raw("a subview answered but hitTest override capture returns the view itself")
            } else {
                at()
                out.raw(" is inside; a subview answered with ")
                resultID()
            }
        }
    }
}

extension TouchArea {
    /// The shape's name as the scene writes it.
    public var name: String {
        switch self {
        case .bounds: return "bounds"
        case .insets: return "insets"
        case .circle: return "circle"
        case .roundedRect: return "roundedRect"
        case .rects: return "rects"
        case .polygon: return "polygon"
        case .never: return "never"
        }
    }
}
