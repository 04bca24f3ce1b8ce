import TouchTraceEngine

/// The devices Interface Builder lays documents out for (`<device id=…>`, or an older
/// document's `simulatedScreenMetrics type=…`): the screen size in points and the unsafe edges
/// of the screen (status bar, sensor housing, home indicator) in portrait. Sizes and insets are
/// Apple's published values for each model ("Human Interface Guidelines: Layout — device screen
/// sizes and orientations"; safe-area insets as UIKit reports them on each simulator since iOS 14,
/// when the iPhone XR and 11 status bar grew from 44 to 48 pt).
struct IBDevice: Sendable, Hashable {
    var id: String
    var size: Size
    /// Safe-area insets of the screen, portrait (status bar 20 pt on models with a home button).
    var insets: EdgeInsets
    var landscape = false

    static let known: [String: (width: Double, height: Double, top: Double, bottom: Double)] = [
        "retina3_5": (320, 480, 20, 0), "retina4_0": (320, 568, 20, 0), "retina4_7": (375, 667, 20, 0),
        "retina5_5": (414, 736, 20, 0), "retina5_9": (375, 812, 44, 34), "retina5_4": (375, 812, 50, 34),
        "retina6_1": (414, 896, 48, 34), "retina6_5": (414, 896, 44, 34), "retina6_12": (390, 844, 47, 34),
        "retina6_3": (393, 852, 59, 34), "retina6_7": (428, 926, 47, 34), "retina6_72": (430, 932, 59, 34),
        "ipad": (768, 1024, 20, 0), "ipad9_7": (768, 1024, 20, 0), "ipad10_2": (810, 1080, 20, 0),
        "ipad10_5": (834, 1112, 20, 0), "ipad10_9rounded": (820, 1180, 24, 20), "ipad11": (834, 1194, 24, 20),
        "ipad12_9": (1024, 1366, 20, 0), "ipad12_9rounded": (1024, 1366, 24, 20),
        "appleTV": (1920, 1080, 60, 60),
    ]

    /// The device for an IB device id (`retina4_7`, `retina4_7.fullscreen`), in an orientation.
    init?(id rawID: String, landscape: Bool) {
        let id = String(rawID.prefix { $0 != "." })
        guard let d = Self.known[id] else { return nil }
        self.id = id
        self.landscape = landscape
        let tv = id == "appleTV"
        // tvOS's safe area keeps 60 pt top and bottom, 80 pt left and right (tvOS HIG).
        let side: Double = tv ? 80 : 0
        if landscape, !tv {
            size = Size(width: max(d.width, d.height), height: min(d.width, d.height))
            // In landscape an iPhone hides its status bar; models with a sensor housing keep it
            // and the home indicator out of the sides and the bottom.
            let notch = d.bottom > 0 && !id.hasPrefix("ipad")
            insets = id.hasPrefix("ipad")
                ? EdgeInsets(top: d.top, left: 0, bottom: d.bottom, right: 0)
                : EdgeInsets(top: 0, left: notch ? 44 : 0, bottom: notch ? 21 : 0, right: notch ? 44 : 0)
        } else {
            size = Size(width: d.width, height: d.height)
            insets = EdgeInsets(top: d.top, left: side, bottom: d.bottom, right: side)
        }
    }

    /// UIKit's minimum layout margins of a view controller's root view
    /// (`systemMinimumLayoutMargins`): 16 pt left and right on screens narrower than 414 pt in
    /// portrait, 20 pt on wider ones; 0 top and bottom.
    static func rootMargins(width: Double) -> EdgeInsets {
        let side: Double = width >= 414 ? 20 : 16
        return EdgeInsets(top: 0, left: side, bottom: 0, right: side)
    }
}
