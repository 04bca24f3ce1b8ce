extension AutoLayout {
    /// The priorities `UIStackView` gives its generated constraints (rule L6), as TZStackView
    /// records them after checking the real `UIStackView`; every other stack constraint is required.
    public enum StackPriority {
        /// `fillProportionally`: lengths proportional to the intrinsic lengths (`UISV-fill-proportionally`).
        public static let fillProportionally = 999.0
        /// `equalCentering`: equal distances between centres (`UISV-fill-equally` on the distributing guides).
        public static let equalCentering = 150.0
        /// Non-fill alignments: the stack's cross length as small as its largest view; `equalSpacing`
        /// and `equalCentering`: its length along the axis as small as the spacing allows (`UISV-canvas-fit`).
        public static let canvasFit = 49.0
        /// Baseline alignments: the alignment spanner as short as the views allow (`UISV-spanning-fit`).
        public static let spanningFit = 51.0
        /// Non-fill alignments: each view's cross length 0 unless something holds it (`UISV-ambiguity-suppression`).
        public static let ambiguitySuppression = 25.0
        /// Every arranged subview hidden: the stack's cross length 0 unless something holds it
        /// (UIKit's spanning guide fits at 0.001 when `_allItemsHidden`; rule L6-stack-all-hidden).
        public static let allHiddenFit = 0.001
        /// A hidden arranged view's `UISV-hiding` length once the required one is broken (rule
        /// L6-stack-hidden-arranged-view-keeps-its-required-length): as short as the required
        /// constraints allow, above any optional constraint and the views' compression resistance
        /// (Xcode stores the views inside pressed to 0).
        public static let hidingRecovery = 999.9
    }
}
