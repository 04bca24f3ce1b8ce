/// Every number the effective hit regions and the touch-target audit depend on, with its unit and
/// its source (as `UIKitConstants` does for UIKit's own numbers). docs/audit.md cites the same
/// sources.
package enum TouchTargetConstants {
    /// Apple's Human Interface Guidelines ("Accessibility" > "Buttons and controls", and
    /// "Layout"): give every control a hit target of at least 44×44 points. Profile `apple-44`.
    public static let appleMinimum = Size(width: 44, height: 44)

    /// Material Design ("Accessibility basics" > "Touch targets"; Material 3 "Accessibility" >
    /// "Target sizes"): touch targets of at least 48×48 dp. TouchTrace treats 1 dp as 1 pt (1 dp
    /// is 1/160 inch, an iOS point about 1/163 inch at the first iPhone's density). Profile
    /// `material-48`.
    public static let materialMinimum = Size(width: 48, height: 48)

    /// WCAG 2.2, Success Criterion 2.5.8 "Target Size (Minimum)" (level AA): targets of at least
    /// 24×24 CSS pixels, unless the spacing exception holds (``wcagSpacingCircleDiameter``).
    /// TouchTrace treats 1 CSS px as 1 pt (Safari on iOS lays out one CSS px per point at scale 1).
    /// Profile `wcag-2.5.8`.
    public static let wcagMinimum = Size(width: 24, height: 24)

    /// WCAG 2.2 SC 2.5.8's spacing exception: an undersized target passes when a circle of this
    /// diameter (CSS px), centred on the target's bounding box, intersects no other target and no
    /// other undersized target's circle.
    public static let wcagSpacingCircleDiameter = 24.0

    /// WCAG 2.2, Success Criterion 2.5.5 "Target Size (Enhanced)" (level AAA): targets of at
    /// least 44×44 CSS pixels; no spacing exception. Profile `wcag-2.5.5`.
    public static let wcagEnhancedMinimum = Size(width: 44, height: 44)

    /// The sizes UIKit gives its stock controls (their `intrinsicContentSize`; a width of 0: any
    /// width, the control stretches), as Xcode stores them for controls left at their system
    /// size. Measured on the Interface Builder corpus (`../shared/corpus/ib/`, the frames Xcode
    /// wrote): `UISwitch` 51×31 (39 switches; iOS 7 to 18) and 63×28 (54; iOS 26); a
    /// `UISegmentedControl` 29 pt tall (iOS 7 to 12) or 32 (iOS 13 on); a `UISlider` 31 pt; a
    /// `UIStepper` 94×29 (to iOS 12) or 94×32. The audit reports such a control below a profile's
    /// minimum as a warning, not an error, and WCAG 2.5.8 exempts it (docs/audit.md).
    public static let stockSystemSizes: [(viewClass: ViewClass, size: Size)] = [
        (.UISwitch, Size(width: 51, height: 31)), (.UISwitch, Size(width: 63, height: 28)),
        (.UISegmentedControl, Size(width: 0, height: 29)), (.UISegmentedControl, Size(width: 0, height: 32)),
        (.UISlider, Size(width: 0, height: 31)),
        (.UIStepper, Size(width: 94, height: 29)), (.UIStepper, Size(width: 94, height: 32)),
    ]

    /// How far (pt) a control's bounds may be from a system size and still be at it (Xcode
    /// stores 51×31.000000000000004; a point either way is rounding, not a designer's choice).
    public static let stockSizeTolerance = 1.0

    /// The regions' tolerance, in points: circles and rounded corners become polygons whose
    /// vertices lie on the curve and whose edges stay within this distance of it; a measured size
    /// within this of a threshold passes; sizes in messages are rounded to it.
    public static let regionTolerance = 0.01

    /// An area below this (pt², the tolerance squared) is numerical dust, not a region or a
    /// covered part.
    public static let negligibleArea = regionTolerance * regionTolerance

    /// The largest inscribed rectangle is searched over rows of at most this height (pt) where a
    /// region's sides slope (rotated views, curves); the best row-aligned rectangle is then
    /// grown to the exact boundary. Regions whose sides are parallel to the view's axes need no
    /// rows of their own and are exact.
    static let inscribedRowHeight = 0.25

    /// At most this many rows in one inscribed-rectangle search; a taller sloped region gets
    /// proportionally taller rows (the final growth step keeps the result exact at its edges).
    static let inscribedMaximumRows = 1_500

    /// Coordinates closer than this (pt) are the same point: slab boundaries, touching cells.
    static let epsilon = 1e-9

    /// The most vertices one curve (a circle, or the four corners of a rounded rectangle) gets;
    /// enough for the tolerance up to a radius of about 34,000 pt.
    static let maximumCurveVertices = 4_096
}
