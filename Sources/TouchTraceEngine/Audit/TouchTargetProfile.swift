/// A touch-target size guideline: the smallest effective hit region a control may have.
public enum TouchTargetProfile: Sendable, Hashable {
    /// Apple HIG: 44×44 pt.
    case apple44
    /// Material Design: 48×48 dp (as pt).
    case material48
    /// WCAG 2.2 SC 2.5.8 (AA): 24×24 CSS px (as pt), with its spacing exception.
    case wcag258
    /// WCAG 2.2 SC 2.5.5 (AAA): 44×44 CSS px (as pt).
    case wcag255
    /// A minimum of the caller's choosing, in points.
    case custom(width: Double, height: Double)

    /// The names the profiles go by in options and reports.
    public static let names = ["apple-44", "material-48", "wcag-2.5.8", "wcag-2.5.5"]

    public init?(name: String) {
        switch name {
        case "apple-44": self = .apple44
        case "material-48": self = .material48
        case "wcag-2.5.8": self = .wcag258
        case "wcag-2.5.5": self = .wcag255
        default: return nil
        }
    }

    public var name: String {
        switch self {
        case .apple44: return "apple-44"
        case .material48: return "material-48"
        case .wcag258: return "wcag-2.5.8"
        case .wcag255: return "wcag-2.5.5"
        case .custom: return "custom"
        }
    }

    public var minimum: Size {
        switch self {
        case .apple44: return TouchTargetConstants.appleMinimum
        case .material48: return TouchTargetConstants.materialMinimum
        case .wcag258: return TouchTargetConstants.wcagMinimum
        case .wcag255: return TouchTargetConstants.wcagEnhancedMinimum
        case let .custom(width, height): return Size(width: width, height: height)
        }
    }

    /// Where the numbers come from.
    public var source: String {
        switch self {
        case .apple44: return "Apple Human Interface Guidelines: hit targets of at least 44×44 pt"
        case .material48: return "Material Design accessibility: touch targets of at least 48×48 dp"
        case .wcag258: return "WCAG 2.2 SC 2.5.8 Target Size (Minimum), AA: 24×24 CSS px, or spaced so that 24 px circles do not intersect"
        case .wcag255: return "WCAG 2.2 SC 2.5.5 Target Size (Enhanced), AAA: 44×44 CSS px"
        case .custom: return "a custom minimum"
        }
    }

    /// Whether an undersized target can pass by WCAG 2.5.8's spacing exception.
    public var hasSpacingException: Bool { self == .wcag258 }
}

/// What a finding does to a check run: nothing (the check is off), a warning, or an error.
public enum AuditSeverity: String, Sendable, CaseIterable, Comparable {
    case off, warn, error

    public static func < (a: AuditSeverity, b: AuditSeverity) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }
}

/// The audit's checks.
public enum AuditRule: String, Sendable, CaseIterable {
    /// A control or gesture view whose effective hit region holds no rectangle of the profile's
    /// minimum size.
    case targetSize
    /// A control or gesture view that no point of any window reaches.
    case emptyHitRegion
    /// A control or gesture view whose touch area lies outside every window.
    case offScreen
    /// A required constraint Auto Layout had to break (L6).
    case unsatisfiableConstraints
    /// A view whose frame its constraints do not determine (L6).
    case ambiguousLayout
}
