/// Baselines for Auto Layout (rule L6): `firstBaseline` / `lastBaseline` of a view, as
/// `viewForFirstBaselineLayout` / `viewForLastBaselineLayout` and the font's metrics place them.
///
/// - A text view (`UILabel`, `UIButton`, `UITextField`) centres its text vertically, so a
///   baseline sits at `y + height / 2 + offset`: the text block (lines × line height) centred in
///   the view, the baseline of a line `(lineHeight − ascender − descender) / 2 + ascender` below
///   the line's top (`TextMetrics`), the last baseline `lines − 1` line heights lower.
///   `UITextView` lays text from its top inset of 8 points.
/// - A stack view hands its baselines to an arranged subview: a vertical stack the first one's
///   first baseline and the last one's last baseline; a horizontal stack its first arranged
///   subview's (UIKit takes the tallest one, which depends on the solution: approximation).
/// - Any other view has its baselines at its bottom edge, as `UIView` does.
extension Scene {
    /// The view whose baseline stands for `view`'s (`viewForFirstBaselineLayout` or, with
    /// `last`, `viewForLastBaselineLayout`), followed through nested stack views.
    func baselineView(of view: Int, last: Bool) -> Int {
        var v = view
        for _ in 0..<views.count {  // a chain of nested stacks is never longer than the scene
            guard let stack = views[v].layout.stack else { return v }
            let arranged = AutoLayout.arrangedSubviews(of: v, in: self)
            guard let first = arranged.first, let final = arranged.last else { return v }
            v = stack.axis == .vertical && last ? final : first
        }
        return v
    }

    /// Where a view's baseline lies: `y + heightFactor × height + offset` in its frame.
    func baselineReading(of view: Int, last: Bool) -> (heightFactor: Double, offset: Double) {
        let node = views[view]
        let f = node.fontSize
        let lineHeight = TextMetrics.lineHeight * f
        let lineTopToBaseline = (lineHeight - (TextMetrics.ascender + TextMetrics.descender) * f) / 2 + TextMetrics.ascender * f
        let lines = max(1, node.text.map { $0.split(separator: "\n", omittingEmptySubsequences: false).count } ?? 1)
        let extra = last ? Double(lines - 1) * lineHeight : 0
        switch node.viewClass {
        case .UILabel, .UIButton, .UITextField:
            return (0.5, -Double(lines) * lineHeight / 2 + lineTopToBaseline + extra)
        case .UITextView:
            return (0, TextMetrics.textViewTopInset + lineTopToBaseline + extra)
        default:
            return (1, 0)
        }
    }
}
