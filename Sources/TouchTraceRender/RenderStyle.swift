/// The picture's look in one place: the style sheet (every class is prefixed `tt-`, so the
/// picture can be put inline in a page without touching the page's styles), the patterns, the
/// colours of the points and the sizes of text. The colours are GitHub's Primer palette, chosen
/// to stay apart for the common kinds of colour blindness (blue controls, purple gestures, green
/// regions, red covered parts; the hatching tells covered from clipped without colour).
enum RenderStyle {
    /// One colour per requested point, in turn.
    static let pointColors = ["#e16f24", "#0969da", "#bf3989", "#1a7f37", "#8250df", "#9a6700"]

    static func pointColor(_ i: Int) -> String { pointColors[i % pointColors.count] }

    /// The size of a view's id-and-class tag, in the view's own points.
    static let tagSize = 8.0
    /// The legend's text size and line height, in picture points.
    static let legendSize = 11.0
    static let legendLine = 15.0
    /// The legend's width, and the characters of its monospaced font that fit on a line.
    static let legendWidth = 460.0
    static let legendColumns = 68
    /// An estimate of a proportional font's mean advance, in ems, used to shorten tags to
    /// their view's width (conservative, so that shortened tags fit).
    static let advance = 0.6
    /// At most this many region lines in the legend (every region still has its title).
    static let maxRegionLines = 40

    static let fontFamily = "-apple-system, 'Helvetica Neue', Helvetica, Arial, sans-serif"
    static let monoFamily = "ui-monospace, 'SF Mono', Menlo, Consolas, 'DejaVu Sans Mono', monospace"

    static let css = """
        .tt-frame{fill:#ffffff;fill-opacity:.55;stroke:#8c959f;stroke-width:1}
        .tt-window>.tt-frame{fill:#f6f8fa;fill-opacity:.8;stroke:#57606a;stroke-width:1.5}
        .tt-control>.tt-frame{fill:#ddf4ff;fill-opacity:.8;stroke:#0969da}
        .tt-gesture>.tt-frame{fill:#fbefff;fill-opacity:.8;stroke:#8250df}
        .tt-text>.tt-frame{fill:#fff8c5;fill-opacity:.7;stroke:#bf8700}
        .tt-scroll>.tt-frame{stroke:#1a7f37}
        .tt-disabled>.tt-frame{fill:#eaeef2;stroke:#8c959f}
        .tt-ghost>.tt-frame{fill:none;stroke:#8c959f;stroke-dasharray:4 3}
        .tt-tag{font-size:8px;fill:#57606a}
        .tt-content{fill:#24292f}
        .tt-ghost>text{fill:#afb8c1}
        .tt-reach{fill:#2da44e;fill-opacity:.35;stroke:#1a7f37;stroke-width:.75}
        .tt-covered{fill:url(#tt-hatch-covered);stroke:#cf222e;stroke-width:.5}
        .tt-clipped{fill:url(#tt-hatch-clipped);stroke:#6e7781;stroke-width:.5}
        .tt-unreachable{fill:url(#tt-dots);stroke:#8250df;stroke-width:.5}
        .tt-finding{fill:none;stroke-width:2.5;stroke-dasharray:7 3}
        .tt-finding-error{stroke:#cf222e}.tt-finding-warn{stroke:#bf8700}.tt-finding-allowed{stroke:#6e7781}
        .tt-measured{fill:none;stroke:#cf222e;stroke-width:1;stroke-dasharray:2 2}
        .tt-badge{font-size:10px;font-weight:bold;fill:#ffffff;text-anchor:middle}
        .tt-badge-error{fill:#cf222e}.tt-badge-warn{fill:#bf8700}.tt-badge-allowed{fill:#6e7781}
        .tt-path{stroke-width:3;stroke-linejoin:round}
        .tt-hit{stroke-width:3.5}
        .tt-marker{fill:#ffffff;stroke-width:2}
        .tt-point-label{font-size:11px;font-weight:bold}
        .tt-legend text{font-family:\(monoFamily);font-size:11px;fill:#24292f;white-space:pre}
        .tt-legend .tt-heading{font-size:12px;font-weight:bold}
        .tt-legend .tt-note{fill:#57606a}
        """

    /// The patterns: hatching for covered parts (red, rising), for parts outside an ancestor
    /// (grey, falling), and dots for parts hit testing never reaches.
    static let patterns = """
        <pattern id="tt-hatch-covered" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#cf222e" fill-opacity=".08"/><line x1="0" y1="0" x2="0" y2="6" stroke="#cf222e" stroke-width="2"/></pattern>
        <pattern id="tt-hatch-clipped" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><line x1="0" y1="0" x2="0" y2="6" stroke="#6e7781" stroke-width="1.5"/></pattern>
        <pattern id="tt-dots" width="5" height="5" patternUnits="userSpaceOnUse"><circle cx="2.5" cy="2.5" r="1" fill="#8250df"/></pattern>
        """
}
