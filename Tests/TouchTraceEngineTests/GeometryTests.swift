import Testing
import TouchTraceEngine

/// Geometry: rule H5's conversion (both directions) and rule L1's derived frame.
@Suite struct GeometryTests {
    static func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test func halfOpenRectContainment() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(r.contains(Point(x: 10, y: 20)))
        #expect(r.contains(Point(x: 109.999, y: 69.999)))
        #expect(!r.contains(Point(x: 110, y: 30)))
        #expect(!r.contains(Point(x: 50, y: 70)))
        #expect(!Rect(x: 0, y: 0, width: 0, height: 10).contains(.zero))
    }

    @Test func insetsShrinkAndNegativeInsetsEnlarge() {
        let r = Rect(x: 0, y: 0, width: 20, height: 20)
        #expect(r.inset(by: EdgeInsets(top: 2, left: 3, bottom: 4, right: 5)) == Rect(x: 3, y: 2, width: 12, height: 14))
        #expect(r.inset(by: EdgeInsets(top: -10, left: -10, bottom: -10, right: -10)) == Rect(x: -10, y: -10, width: 40, height: 40))
        #expect(r.inset(by: EdgeInsets(top: 15, left: 0, bottom: 15, right: 0)).size.height == 0)
    }

    @Test func translationConvertsBothWays() {
        let g = ViewGeometry(frame: Rect(x: 100, y: 200, width: 50, height: 40))
        #expect(g.convertFromSuperview(Point(x: 110, y: 205)) == Point(x: 10, y: 5))
        #expect(g.convertToSuperview(Point(x: 10, y: 5)) == Point(x: 110, y: 205))
    }

    @Test func boundsOriginShiftsSubviewsNotTheView() {
        // H5/S3: the view's frame is unchanged; points inside map 100 points further down.
        let g = ViewGeometry(frame: Rect(x: 0, y: 0, width: 320, height: 480), boundsOrigin: Point(x: 0, y: 100))
        #expect(g.frame == Rect(x: 0, y: 0, width: 320, height: 480))
        #expect(g.convertFromSuperview(Point(x: 10, y: 10)) == Point(x: 10, y: 110))
        #expect(g.convertToSuperview(Point(x: 10, y: 110)) == Point(x: 10, y: 10))
    }

    @Test func quarterTurnIsExactAndClockwise() {
        // A 100×50 view centred at (100, 100), rotated 90° clockwise: its local top-left corner
        // (0, 0) lands at the top-right of the rotated box.
        let g = ViewGeometry(frame: Rect(x: 50, y: 75, width: 100, height: 50), transform: .rotation(degrees: 90))
        #expect(g.frame == Rect(x: 75, y: 50, width: 50, height: 100))
        #expect(g.convertToSuperview(Point(x: 0, y: 0)) == Point(x: 125, y: 50))
        #expect(g.convertFromSuperview(Point(x: 125, y: 50)) == Point(x: 0, y: 0))
        #expect(g.convertFromSuperview(Point(x: 100, y: 100)) == Point(x: 50, y: 25))
    }

    @Test func rotationScaleTranslationAndBoundsOriginRoundTrip() {
        let transforms: [Transform2D] = [
            .rotation(degrees: 30), .rotation(degrees: -135), .scale(x: 2, y: 0.5),
            .translation(x: 7, y: -3), Transform2D.scale(x: 1.5, y: 1.5).concatenating(.rotation(degrees: 45)).concatenating(.translation(x: 10, y: 20)),
        ]
        let probes = [Point(x: 0, y: 0), Point(x: 12.5, y: -3), Point(x: 400, y: 250)]
        for t in transforms {
            let g = ViewGeometry(center: Point(x: 160, y: 240), bounds: Rect(x: 5, y: -20, width: 80, height: 60), transform: t)
            for p in probes {
                let local = g.convertFromSuperview(p)!
                #expect(Self.close(g.convertToSuperview(local), p, 1e-9), "round trip through \(t) at \(p)")
            }
        }
    }

    @Test func transformsApplyAboutTheCenter() {
        // Scale 2 about the center (50, 50) of a 100×100 view at the origin: the superview point
        // (0, 0) is the local point (25, 25).
        let g = ViewGeometry(frame: Rect(x: 0, y: 0, width: 100, height: 100), transform: .scale(x: 2, y: 2))
        #expect(g.convertFromSuperview(Point(x: 0, y: 0)) == Point(x: 25, y: 25))
        #expect(g.frame == Rect(x: -50, y: -50, width: 200, height: 200))
        // Translation moves the frame but not the center.
        let moved = ViewGeometry(frame: Rect(x: 0, y: 0, width: 100, height: 100), transform: .translation(x: 10, y: 0))
        #expect(moved.frame == Rect(x: 10, y: 0, width: 100, height: 100))
        #expect(moved.center == Point(x: 50, y: 50))
        // …and hit testing follows the drawn position: the superview point (10, 0) is the
        // view's local (0, 0), in both directions.
        #expect(moved.convertFromSuperview(Point(x: 10, y: 0)) == Point(x: 0, y: 0))
        #expect(moved.convertToSuperview(Point(x: 0, y: 0)) == Point(x: 10, y: 0))
        let turnedAndMoved = ViewGeometry(
            frame: Rect(x: 0, y: 0, width: 100, height: 50),
            transform: Transform2D.rotation(degrees: 90).concatenating(.translation(x: 0, y: 30)))
        #expect(turnedAndMoved.convertToSuperview(Point(x: 0, y: 0)) == Point(x: 75, y: 5))
        #expect(turnedAndMoved.convertFromSuperview(Point(x: 75, y: 5)) == Point(x: 0, y: 0))
    }

    @Test func nonInvertibleTransformHasNoConversion() {
        let g = ViewGeometry(frame: Rect(x: 0, y: 0, width: 100, height: 100), transform: .scale(x: 0, y: 1))
        #expect(g.convertFromSuperview(Point(x: 50, y: 50)) == nil)
        #expect(Transform2D.scale(x: 0, y: 0).inverted == nil)
    }

    @Test func concatenationOrderMatchesCoreGraphics() {
        // Scale then translate: the translation is not scaled.
        let t = Transform2D.scale(x: 2, y: 2).concatenating(.translation(x: 10, y: 0))
        #expect(t.apply(Point(x: 1, y: 1)) == Point(x: 12, y: 2))
        let inverse = t.inverted!
        #expect(Self.close(inverse.apply(Point(x: 12, y: 2)), Point(x: 1, y: 1)))
        #expect(Self.close(t.concatenating(inverse).apply(Point(x: 3, y: 4)), Point(x: 3, y: 4)))
    }

    @Test func touchAreaShapes() {
        let b = Rect(x: 0, y: 0, width: 40, height: 40)
        #expect(TouchArea.circle(radius: nil).contains(Point(x: 20, y: 0.5), bounds: b))
        #expect(!TouchArea.circle(radius: nil).contains(Point(x: 2, y: 2), bounds: b))
        #expect(TouchArea.roundedRect(cornerRadius: 10).contains(Point(x: 20, y: 1), bounds: b))
        #expect(!TouchArea.roundedRect(cornerRadius: 10).contains(Point(x: 1, y: 1), bounds: b))
        #expect(TouchArea.roundedRect(cornerRadius: 10).contains(Point(x: 4, y: 4), bounds: b))
        let triangle = TouchArea.polygon([Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 0, y: 40)])
        #expect(triangle.contains(Point(x: 5, y: 5), bounds: b))
        #expect(!triangle.contains(Point(x: 35, y: 35), bounds: b))
        #expect(!TouchArea.never.contains(Point(x: 20, y: 20), bounds: b))
        let corners = TouchArea.rects([Rect(x: 0, y: 0, width: 5, height: 5), Rect(x: 35, y: 35, width: 5, height: 5)])
        #expect(corners.contains(Point(x: 36, y: 36), bounds: b))
        #expect(!corners.contains(Point(x: 20, y: 20), bounds: b))
    }
}
