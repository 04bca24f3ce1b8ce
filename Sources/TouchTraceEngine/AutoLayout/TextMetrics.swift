/// An approximation of text measurement, the one place TouchTrace guesses a text's size.
///
/// A headless engine has no fonts, so it cannot measure text as UIKit does (Core Text with the
/// real glyph advances). Every text size TouchTrace needs comes from `estimatedSize(of:fontSize:)`:
/// each character advances `averageAdvance` × the point size, each line is `lineHeight` × the
/// point size high, and both are rounded up to whole points as `UILabel`'s intrinsic size is.
/// For the system font at 17 pt this is within about 10% of UIKit's widths for Latin text; give
/// `intrinsicContentSize` in the scene where exact sizes matter.
package enum TextMetrics {
    /// The average glyph advance of the system font, in ems (approximation).
    public static let averageAdvance = 0.5
    /// The line height of the system font, in ems (SF Pro: about 1.19; approximation).
    public static let lineHeight = 1.2
    /// The ascender of the system font, in ems (SF Pro: 0.952; approximation).
    public static let ascender = 0.95
    /// The descender of the system font, in ems, as a positive depth (SF Pro: 0.241).
    public static let descender = 0.24
    /// `UITextView`'s default `textContainerInset.top`, in points.
    public static let textViewTopInset = 8.0
    /// The vertical padding a `UIButton` adds around its title label, in points (approximation
    /// of the classic system button: a 15 pt title in a 30 pt high button).
    public static let buttonVerticalPadding = 12.0

    /// The estimated size of `text` set in the system font at `fontSize` points: the widest line
    /// and the sum of the line heights (lines split at "\n"). Empty text is 0 × 0.
    public static func estimatedSize(of text: String, fontSize: Double) -> Size {
        guard !text.isEmpty else { return .zero }
        var widest = 0
        var lines = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += 1
            widest = max(widest, line.count)
        }
        return Size(
            width: (Double(widest) * averageAdvance * fontSize).rounded(.up),
            height: (Double(lines) * lineHeight * fontSize).rounded(.up))
    }
}

extension Scene {
    /// `intrinsicContentSize` of a view: the scene's value where given (−1 per dimension means
    /// none, `UIView.noIntrinsicMetric`); otherwise, for a `UILabel` with `text` or a `UIButton`
    /// with a title, the `TextMetrics` estimate (a button adds `buttonVerticalPadding`).
    public func intrinsicContentSize(of view: Int) -> Size {
        let node = views[view]
        let declared = node.layout.intrinsicContentSize
        guard declared.width < 0, declared.height < 0, let text = node.text else { return declared }
        switch node.viewClass {
        case .UILabel:
            return TextMetrics.estimatedSize(of: text, fontSize: node.fontSize)
        case .UIButton:
            let size = TextMetrics.estimatedSize(of: text, fontSize: node.fontSize)
            return Size(width: size.width, height: size.height + TextMetrics.buttonVerticalPadding)
        default:
            return declared
        }
    }

    /// `sizeThatFits(_:)` with the view's current size as the proposal: the intrinsic content
    /// size in each dimension that has one, the current bounds size in the others (UIView's
    /// default `sizeThatFits` returns the current size).
    public func sizeThatFits(_ view: Int) -> Size {
        let intrinsic = intrinsicContentSize(of: view)
        let current = views[view].geometry.bounds.size
        return Size(
            width: intrinsic.width >= 0 ? intrinsic.width : current.width,
            height: intrinsic.height >= 0 ? intrinsic.height : current.height)
    }
}
