import TouchTraceEngine

/// The screen a unit is laid out on: its size and its unsafe edges (status bar or sensor
/// housing, home indicator), either as the app sees them on the device or (`canvas`) as the
/// Xcode release that saved the document draws its canvas. What the document states wins over
/// the device table: the size its full-screen root views have (`retina6_12` documents of Xcode
/// 15 and later are 393 × 852, not 390 × 844) and the status bar its navigation bars sit below.
///
/// Xcode's canvas differs from the device in two ways, measured on the corpus (docs/import-ib.md,
/// "Device metrics"): documents saved by Xcode 10.2 to 13 (tools versions 14800 to 21500) show
/// iPhones and iPads with a home button without their 20 pt status bar (their navigation bars are
/// stored at y = 0 and views pinned to the safe area sit at its top edge); documents saved by Xcode 16.3 and
/// later (23700 and later) count the top and bottom unsafe edges of iPhones without a home button
/// twice (an iPhone 11's canvas has 96 pt above its safe area and 68 below).
struct IBScreen: Sendable {
    var size: Size
    /// The unsafe edges of the screen, portrait or landscape as the document is.
    var insets: EdgeInsets
    /// The device (known or inferred), nil for a document without one.
    var device: IBDevice?

    /// The tools versions of the canvas rules above.
    static let hiddenStatusBarTools = 14800.0..<21500.0
    static let doubledEdgesTools = 23700.0
    /// Tools versions from this on are stamps of unreleased builds (`32700.99.1234`): their
    /// documents store bars where released Xcode 16 does (no canvas rule applies).
    static let unreleasedTools = 30000.0

    /// Whether a size can be an iPhone's or iPad's screen: at least the 3.5-inch iPhone's
    /// 320 x 480 points in portrait.
    static func isScreenSized(_ size: Size) -> Bool {
        min(size.width, size.height) >= 320 && max(size.width, size.height) >= 480
    }

    init?(doc: IBDocument, canvas: Bool, unitRoot: Rect? = nil) {
        var device = doc.device
        if let known = device, let stated = doc.statedScreen, !known.landscape {
            // The document's root views show another screen for this id: the model of that size;
            // where no model has it, that size with the id's own unsafe edges, which the file does
            // not state (issue 23: take the screen from the file, keep the table for what it does
            // not say; Xcode 16 draws `ipad11_0rounded` at 834 x 1210, and every iPad without a
            // home button has a 24 pt status bar and a 20 pt home indicator inset).
            device = IBDevice.hasModel(of: stated)
                ? IBDevice.inferred(id: known.id, size: stated, landscape: false)
                : known.resized(to: stated)
            device?.known = true
        } else if device == nil, let id = doc.deviceID {
            // An id the table lacks: the screen its root views show, or the unit's own when it
            // is a screen's size (a cell or a small freeform view is not: no iPhone screen is
            // smaller than 320 x 480 in portrait, and each unit then has a window of its size).
            let own = unitRoot.map { Size(width: $0.maxX, height: $0.maxY) }.flatMap { Self.isScreenSized($0) ? $0 : nil }
            guard let size = doc.statedScreen ?? own else { return nil }
            device = IBDevice.inferred(id: id, size: size, landscape: doc.landscape)
        }
        guard let device else { return nil }
        self.device = device
        size = device.size
        var insets = device.insets
        let tools = doc.toolsVersion
        // Before safe areas (tvOS 11), a tvOS view controller's top and bottom layout guides
        // had no length: a document that does not use safe areas lays out against the whole screen.
        if device.id == "appleTV", !doc.useSafeAreas { insets = .zero }
        if canvas, tools < Self.unreleasedTools, device.id != "appleTV" {
            let pad = device.id.hasPrefix("ipad")
            // An iPad with a home button has no home indicator inset (`notched` is an iPhone's).
            let homeButton = pad ? device.insets.bottom == 0 : !device.notched
            if !pad, device.notched, tools >= Self.doubledEdgesTools {
                insets.top *= 2
                insets.bottom *= 2
            } else if homeButton, !device.landscape || pad, Self.hiddenStatusBarTools.contains(tools) {
                // An iPad with a home button too, in either orientation (rule
                // L6-canvas-hides-the-status-bar-of-ipads-with-a-home-button: Vocable's 12.9-inch
                // iPad in portrait, Xcode 11, and iSH's 9.7-inch iPad in landscape, Xcode 12, store
                // the views pinned to their safe area at its top edge, 0 pt down; an iPhone in
                // landscape has no status bar to hide).
                insets.top = 0
            }
            if !pad, let stated = doc.statedStatusBar, !device.landscape { insets.top = stated }
        }
        self.insets = insets
    }
}
