import TouchTraceEngine

/// The devices Interface Builder lays documents out for (`<device id=…>`, or an older
/// document's `simulatedScreenMetrics type=…`): the screen size in points and the unsafe edges
/// of the screen (status bar, sensor housing, home indicator) in portrait, as the Xcode release
/// that saved the document shows them. Sizes and insets are Apple's published values for each
/// model ("Human Interface Guidelines: Layout — device screen sizes and orientations"; safe-area
/// insets as UIKit reports them on each simulator); where Xcode changed what an id means or
/// what its canvas shows, `eras` says from which tools version (measured on the corpus, see
/// docs/import-ib.md, "Device metrics").
struct IBDevice: Sendable, Hashable {
    var id: String
    var size: Size
    /// Safe-area insets of the screen (status bar 20 pt on models with a home button).
    var insets: EdgeInsets
    var landscape = false
    /// A model without a home button: its top inset is the sensor housing, which hiding the
    /// status bar does not remove, and it has a home indicator.
    var notched: Bool
    /// Whether the id is in the table (false: the metrics were inferred from the screen size).
    var known = true

    struct Model {
        var width: Double
        var height: Double
        var top: Double
        var bottom: Double
        /// From a tools version on, the id means another screen or the simulator reports
        /// another top inset: (minimum tools version, width, height, top).
        var eras: [(tools: Double, width: Double, height: Double, top: Double)] = []
    }

    /// Xcode's device ids. iPhone X-class ids changed with the simulators: `retina5_9` (iPhone X,
    /// XS, 11 Pro) reports 50 pt at the top from iOS 16 (Xcode 16 documents store its navigation
    /// bar at y = 50); `retina6_1` (XR, 11) 48 from iOS 14, on the canvas of
    /// tools version 21000 and later (44 up to 20037, 48 from 21225: a sheet of Xcode 16 starts 48 pt
    /// down, iNaturalist's and tinode's views pinned to the safe area);
    /// `retina6_12` was the 390 × 844 iPhone 12–14 (47 pt) and is the 393 × 852 iPhone 14 Pro and
    /// 15 (59 pt) in documents of tools version 21000 (Xcode 14) and later: every root view of the
    /// corpus's 14 such documents is 393 × 852, and the two of tools version 21507 that the
    /// fourth unseen round found (okta, Strongbox) store their navigation bars 393 wide at y = 59
    /// (no `retina6_12` document below 21507 has been seen, so the era's start is Xcode 14's).
    /// `retina6_0` is the 390 × 844 iPhone 12 and 13 (and 12 Pro, 13 Pro, 14), 47 pt at the top:
    /// Apple's published size, and the root view of the one such document that states a screen
    /// (tools version 17701, GoogleSignIn's sample) is 390 × 844; the three others seen (tools
    /// 21507 to 22154) hold a card view and cells only.
    static let known: [String: Model] = [
        "retina3_5": Model(width: 320, height: 480, top: 20, bottom: 0),
        "retina4_0": Model(width: 320, height: 568, top: 20, bottom: 0),
        "retina4_7": Model(width: 375, height: 667, top: 20, bottom: 0),
        "retina5_5": Model(width: 414, height: 736, top: 20, bottom: 0),
        "retina5_9": Model(width: 375, height: 812, top: 44, bottom: 34, eras: [(23000, 375, 812, 50)]),
        "retina5_4": Model(width: 375, height: 812, top: 50, bottom: 34),
        "retina6_0": Model(width: 390, height: 844, top: 47, bottom: 34),
        "retina6_1": Model(width: 414, height: 896, top: 44, bottom: 34, eras: [(21000, 414, 896, 48)]),
        "retina6_5": Model(width: 414, height: 896, top: 44, bottom: 34),
        "retina6_12": Model(width: 390, height: 844, top: 47, bottom: 34, eras: [(21000, 393, 852, 59)]),
        "retina6_3": Model(width: 393, height: 852, top: 59, bottom: 34),
        "retina6_7": Model(width: 428, height: 926, top: 47, bottom: 34),
        "retina6_72": Model(width: 430, height: 932, top: 59, bottom: 34),
        "ipad": Model(width: 768, height: 1024, top: 20, bottom: 0), "ipad9_7": Model(width: 768, height: 1024, top: 20, bottom: 0),
        "ipad10_2": Model(width: 810, height: 1080, top: 20, bottom: 0), "ipad10_5": Model(width: 834, height: 1112, top: 20, bottom: 0),
        "ipad10_9rounded": Model(width: 820, height: 1180, top: 24, bottom: 20), "ipad11": Model(width: 834, height: 1194, top: 24, bottom: 20),
        "ipad11_0rounded": Model(width: 834, height: 1194, top: 24, bottom: 20),
        "ipad12_9": Model(width: 1024, height: 1366, top: 20, bottom: 0), "ipad12_9rounded": Model(width: 1024, height: 1366, top: 24, bottom: 20),
        "appleTV": Model(width: 1920, height: 1080, top: 60, bottom: 60),
    ]

    /// The device for an IB device id (`retina4_7`, `retina4_7.fullscreen`), in an orientation,
    /// as the document's tools version shows it; nil for an id the table lacks.
    init?(id rawID: String, landscape: Bool, tools: Double = 0) {
        let id = String(rawID.prefix { $0 != "." })
        guard var model = Self.known[id] else { return nil }
        for era in model.eras where tools >= era.tools {
            (model.width, model.height, model.top) = (era.width, era.height, era.top)
        }
        self.init(id: id, model: model, landscape: landscape)
    }

    init(id: String, model d: Model, landscape: Bool, known: Bool = true) {
        self.id = id
        self.landscape = landscape
        self.known = known
        let tv = id == "appleTV"
        let pad = id.hasPrefix("ipad")
        notched = d.bottom > 0 && !pad && !tv
        // tvOS's safe area keeps 60 pt top and bottom, 80 pt left and right (tvOS HIG).
        let side: Double = tv ? 80 : 0
        if landscape, !tv {
            size = Size(width: max(d.width, d.height), height: min(d.width, d.height))
            // In landscape an iPhone hides its status bar; models with a sensor housing keep it
            // and the home indicator out of the sides and the bottom.
            insets = pad
                ? EdgeInsets(top: d.top, left: 0, bottom: d.bottom, right: 0)
                : EdgeInsets(top: 0, left: notched ? 44 : 0, bottom: notched ? 21 : 0, right: notched ? 44 : 0)
        } else {
            size = Size(width: d.width, height: d.height)
            insets = EdgeInsets(top: d.top, left: side, bottom: d.bottom, right: side)
        }
    }

    /// This device at another screen size (portrait), its unsafe edges kept.
    func resized(to size: Size) -> IBDevice {
        var device = self
        device.size = Size(width: min(size.width, size.height), height: max(size.width, size.height))
        return device
    }

    /// Whether a model of the table (tvOS's aside) has this screen size, in either orientation.
    static func hasModel(of size: Size) -> Bool {
        let portrait = Size(width: min(size.width, size.height), height: max(size.width, size.height))
        return known.contains { $0.key != "appleTV" && $0.value.width == portrait.width && $0.value.height == portrait.height }
    }

    /// A device for a screen whose id the table lacks (`retina6_9`), from its size in points: the
    /// known model of that size (either orientation), else an iPhone of that size, with a sensor
    /// housing (47 pt, the median of the notched models) and a home indicator when the screen is
    /// more than twice as tall as it is wide, as every such iPhone is, else a 20 pt status bar.
    static func inferred(id: String, size: Size, landscape: Bool) -> IBDevice {
        let portrait = Size(width: min(size.width, size.height), height: max(size.width, size.height))
        let models = known.filter { $0.key != "appleTV" }.sorted { $0.key < $1.key }
        if let match = models.first(where: { $0.value.width == portrait.width && $0.value.height == portrait.height }) {
            return IBDevice(id: id, model: match.value, landscape: landscape, known: false)
        }
        let tall = portrait.height > 2 * portrait.width
        let model = Model(width: portrait.width, height: portrait.height, top: tall ? 47 : 20, bottom: tall ? 34 : 0)
        return IBDevice(id: id, model: model, landscape: landscape, known: false)
    }

    /// UIKit's minimum layout margins of a view controller's root view
    /// (`systemMinimumLayoutMargins`): 16 pt left and right on screens narrower than 414 pt in
    /// portrait, 20 pt on wider ones; 0 top and bottom.
    static func rootMargins(width: Double) -> EdgeInsets {
        let side: Double = width >= 414 ? 20 : 16
        return EdgeInsets(top: 0, left: side, bottom: 0, right: side)
    }
}
