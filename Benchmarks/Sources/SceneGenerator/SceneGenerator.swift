import TouchTraceEngine

/// A small deterministic pseudo-random generator (SplitMix64). The benchmark never draws on the
/// system's randomness: the same seed gives the same scenes and points on every machine.
public struct SplitMix64: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound`.
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A value in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A multiple of 0.5 in `0..<limit`.
    public mutating func halfPoints(below limit: Double) -> Double { Double(below(max(1, Int(limit * 2)))) / 2 }
}

/// What a probe point aims at (the mix of the point list).
public enum TargetKind: String, Sendable, CaseIterable {
    case button, label, image, anywhere
}

/// A generated UI-like scene (docs/scene-format.md JSON text) with exactly `viewCount` views, and the screen
/// rectangles of its visible buttons, labels and images (ignoring transforms) for aiming points.
///
/// Layout, in a 390×844 window (back to front):
/// - `root`: the view controller's view, holding
///   - `feed`: a `UIScrollView` scrolled part-way down (`contentOffset`), with sections, each a header
///     label and 1–8 cards; a card is an image view, a text block (title and subtitle labels) and an
///     action row with a small "like" button (an enlarged 44×44 touch area through `pointInside`
///     insets, sometimes rotated and scaled) holding an icon, and a "share" button holding its title
///     label (sometimes disabled); some cards are hidden, some scaled;
///   - `navBar`: back and compose buttons (with icons) and a title;
///   - `fab`: a round floating button (`pointInside` circle);
///   - `tabBar`: four tab buttons (icon and label), one with a rotated badge;
///   - a hidden toast and a hidden full-screen loading overlay.
///
/// Depth: window → root → feed → section → card → actions → button → icon (8 levels).
/// The chrome is 29 views; the feed takes the rest; leftover views (fewer than a card) become
/// 1-pt separator lines in the last section, so the count is exact.
public struct GeneratedScene: Sendable {
    public static let windowSize = Size(width: 390, height: 844)
    /// Views outside the feed's sections: window, root, feed, nav bar (6), fab (2), tab bar (14),
    /// toast (2), overlay (2).
    public static let chromeViewCount = 29
    /// Views in one card.
    public static let cardViewCount = 10

    public var viewCount: Int
    public var json: String
    public var targets: [(kind: TargetKind, rect: Rect)]

    public init(viewCount: Int, seed: UInt64 = 0x7007_C47_2ACE) {
        precondition(viewCount >= Self.chromeViewCount + 2, "a scene needs at least \(Self.chromeViewCount + 2) views")
        var builder = Builder(seed: seed, viewCount: viewCount)
        let window = builder.makeWindow()
        self.viewCount = viewCount
        self.json = JSONWriter().string(window.json(topLevel: true))
        self.targets = builder.targets
        precondition(builder.made == viewCount, "generated \(builder.made) views, wanted \(viewCount)")
    }
}

/// A view being generated: the fields of its scene JSON and its subviews.
struct GenView {
    var members: [(key: String, value: JSONValue)]
    var subviews: [GenView] = []

    init(_ id: String, _ viewClass: String, _ frame: Rect) {
        members = [("id", .string(id))]
        if viewClass != "UIView" { members.append(("class", .string(viewClass))) }
        members.append(("frame", frame.json))
    }

    mutating func set(_ key: String, _ value: JSONValue) { members.append((key, value)) }

    func json(topLevel: Bool = false) -> JSONValue {
        var m = members
        if !subviews.isEmpty { m.append(("subviews", .array(subviews.map { $0.json() }))) }
        if topLevel {
            return .object([
                ("format", .string(SceneDecoder.format)),
                ("name", .string("benchmark feed")),
                ("window", .object(m)),
            ])
        }
        return .object(m)
    }
}

struct Builder {
    var rng: SplitMix64
    let viewCount: Int
    /// Views made so far.
    var made = 0
    var targets: [(kind: TargetKind, rect: Rect)] = []
    let visible = Rect(origin: .zero, size: GeneratedScene.windowSize)

    init(seed: UInt64, viewCount: Int) {
        rng = SplitMix64(seed: seed ^ UInt64(viewCount))
        self.viewCount = viewCount
    }

    mutating func view(_ id: String, _ viewClass: String, _ frame: Rect) -> GenView {
        made += 1
        return GenView(id, viewClass, frame)
    }

    /// Records a target when its screen rectangle is on screen.
    mutating func target(_ kind: TargetKind, _ frame: Rect, at origin: Point) {
        let r = Rect(origin: frame.origin + origin, size: frame.size)
        if r.maxX > 0, r.minX < visible.maxX, r.maxY > 0, r.minY < visible.maxY { targets.append((kind, r)) }
    }

    static func insets(_ n: Double) -> JSONValue {
        .obj(["shape": "insets", "top": .number(-n), "left": .number(-n), "bottom": .number(-n), "right": .number(-n)])
    }

    mutating func makeWindow() -> GenView {
        let size = GeneratedScene.windowSize
        let full = Rect(origin: .zero, size: size)
        var window = view("window", "UIWindow", full)
        var root = view("root", "UIView", full)
        root.set("viewController", .obj(["id": "feedController", "customClass": "FeedViewController"]))

        // The chrome is made first so that the feed gets exactly the views that are left.
        let nav = makeNavBar()
        let fab = makeFab()
        let tab = makeTabBar()
        var toast = view("toast", "UIView", Rect(x: 20, y: 690, width: 350, height: 56))
        toast.set("hidden", true)
        toast.subviews = [view("toast.message", "UILabel", Rect(x: 16, y: 16, width: 318, height: 24))]
        var overlay = view("loadingOverlay", "UIView", full)
        overlay.set("hidden", true)
        overlay.subviews = [view("loadingOverlay.spinner", "UIActivityIndicatorView", Rect(x: 175, y: 402, width: 40, height: 40))]
        var feed = view("feed", "UIScrollView", full)
        precondition(made == GeneratedScene.chromeViewCount, "the chrome has \(made) views")
        feed.subviews = makeSections(budget: viewCount - made, feed: &feed)

        root.subviews = [feed, nav, fab, tab, toast, overlay]
        window.subviews = [root]
        return window
    }

    mutating func makeNavBar() -> GenView {
        let frame = Rect(x: 0, y: 0, width: 390, height: 103)
        var bar = view("navBar", "UINavigationBar", frame)
        var back = view("navBar.back", "UIButton", Rect(x: 8, y: 55, width: 44, height: 44))
        back.set("control", .obj(["targets": .array([.obj(["target": nil, "action": "goBack:", "events": .array(["touchUpInside"])])])]))
        back.subviews = [view("navBar.back.icon", "UIImageView", Rect(x: 10, y: 10, width: 24, height: 24))]
        let title = view("navBar.title", "UILabel", Rect(x: 120, y: 60, width: 150, height: 34))
        var compose = view("navBar.compose", "UIButton", Rect(x: 338, y: 55, width: 44, height: 44))
        compose.subviews = [view("navBar.compose.icon", "UIImageView", Rect(x: 10, y: 10, width: 24, height: 24))]
        bar.subviews = [back, title, compose]
        target(.button, Rect(x: 8, y: 55, width: 44, height: 44), at: .zero)
        target(.label, Rect(x: 120, y: 60, width: 150, height: 34), at: .zero)
        target(.button, Rect(x: 338, y: 55, width: 44, height: 44), at: .zero)
        return bar
    }

    mutating func makeFab() -> GenView {
        let frame = Rect(x: 306, y: 677, width: 64, height: 64)
        var fab = view("fab", "UIButton", frame)
        fab.set("pointInside", .obj(["shape": "circle"]))
        fab.subviews = [view("fab.icon", "UIImageView", Rect(x: 20, y: 20, width: 24, height: 24))]
        target(.button, frame, at: .zero)
        return fab
    }

    mutating func makeTabBar() -> GenView {
        let frame = Rect(x: 0, y: 761, width: 390, height: 83)
        var bar = view("tabBar", "UITabBar", frame)
        for k in 0..<4 {
            let tabFrame = Rect(x: Double(k) * 97.5, y: 0, width: 97.5, height: 49)
            var tab = view("tab\(k)", "UIButton", tabFrame)
            tab.subviews = [
                view("tab\(k).icon", "UIImageView", Rect(x: 36.75, y: 4, width: 24, height: 24)),
                view("tab\(k).label", "UILabel", Rect(x: 8, y: 31, width: 81.5, height: 14)),
            ]
            if k == 2 {
                var badge = view("tab2.badge", "UIView", Rect(x: 56, y: 2, width: 20, height: 16))
                badge.set("transform", .obj(["rotation": 15, "scaleX": 1.2, "scaleY": 1.2]))
                tab.subviews.append(badge)
            }
            bar.subviews.append(tab)
            target(.button, tabFrame, at: frame.origin)
        }
        return bar
    }

    /// The feed's sections, using exactly `budget` views; sets the feed's content size and offset.
    mutating func makeSections(budget: Int, feed: inout GenView) -> [GenView] {
        // Plan: how many cards each section holds, and how many separators pad the last one.
        var plan: [Int] = []
        var left = budget
        while left >= 2 + GeneratedScene.cardViewCount {
            let cards = min(rng.int(in: 3...8), (left - 2) / GeneratedScene.cardViewCount)
            plan.append(cards)
            left -= 2 + cards * GeneratedScene.cardViewCount
        }
        if plan.isEmpty {
            plan = [0]
            left -= 2
        }
        let separators = left

        // Card heights first, so that the content offset (and so the visible targets) is known.
        var heights: [[Double]] = []
        var contentHeight = 0.0
        for cards in plan {
            let h = (0..<cards).map { _ in Double(120 + 10 * rng.int(in: 0...8)) + 108 }
            heights.append(h)
            contentHeight += 44 + h.reduce(0) { $0 + $1 + 12 }
        }
        let maxOffset = max(0, contentHeight - GeneratedScene.windowSize.height)
        let offsetY = min(maxOffset, (contentHeight * 0.37).rounded())
        feed.set("clipsToBounds", true)
        feed.set("scroll", .obj([
            "contentSize": .obj(["width": 390, "height": .number(contentHeight)]),
            "contentOffset": .obj(["x": 0, "y": .number(offsetY)]),
        ]))

        var sections: [GenView] = []
        var y = 0.0
        for (i, cards) in plan.enumerated() {
            let sectionHeight = 44 + heights[i].reduce(0) { $0 + $1 + 12 }
            let sectionFrame = Rect(x: 0, y: y, width: 390, height: sectionHeight)
            let origin = Point(x: 0, y: y - offsetY)
            var section = view("s\(i)", "UIView", sectionFrame)
            section.subviews.append(view("s\(i).header", "UILabel", Rect(x: 16, y: 8, width: 358, height: 28)))
            target(.label, Rect(x: 16, y: 8, width: 358, height: 28), at: origin)
            var cy = 44.0
            for j in 0..<cards {
                section.subviews.append(makeCard("s\(i).c\(j)", y: cy, height: heights[i][j], sectionOrigin: origin))
                cy += heights[i][j] + 12
            }
            if i == plan.count - 1 {
                for k in 0..<separators {
                    section.subviews.append(view("s\(i).sep\(k)", "UIView", Rect(x: 16, y: 40, width: 358, height: 1)))
                }
            }
            sections.append(section)
            y += sectionHeight
        }
        return sections
    }

    mutating func makeCard(_ id: String, y: Double, height: Double, sectionOrigin: Point) -> GenView {
        let frame = Rect(x: 16, y: y, width: 358, height: height)
        var card = view(id, "UIView", frame)
        let hidden = rng.chance(8)
        if hidden { card.set("hidden", true) }
        if rng.chance(5) { card.set("transform", .obj(["scaleX": 0.97, "scaleY": 0.97])) }
        let origin = sectionOrigin + frame.origin
        let imageHeight = height - 108

        let image = view(id + ".image", "UIImageView", Rect(x: 0, y: 0, width: 358, height: imageHeight))
        var text = view(id + ".text", "UIView", Rect(x: 12, y: imageHeight + 8, width: 334, height: 44))
        var subtitle = view(id + ".subtitle", "UILabel", Rect(x: 0, y: 24, width: 334, height: 18))
        if rng.chance(10) { subtitle.set("userInteractionEnabled", true) }  // a label with a link
        text.subviews = [view(id + ".title", "UILabel", Rect(x: 0, y: 0, width: 334, height: 22)), subtitle]

        let actionsFrame = Rect(x: 12, y: imageHeight + 60, width: 334, height: 36)
        var actions = view(id + ".actions", "UIView", actionsFrame)
        let likeFrame = Rect(x: 0, y: 4, width: 28, height: 28)
        var like = view(id + ".like", "UIButton", likeFrame)
        like.set("pointInside", Self.insets(8))  // a 44×44 touch area around a 28×28 button
        if rng.chance(15) { like.set("transform", .obj(["rotation": .number(Double(rng.int(in: 10...20))), "scaleX": 1.1, "scaleY": 1.1])) }
        like.set("control", .obj(["targets": .array([.obj(["target": nil, "action": "like:", "events": .array(["touchUpInside"])])])]))
        like.subviews = [view(id + ".like.icon", "UIImageView", Rect(x: 2, y: 2, width: 24, height: 24))]
        let shareFrame = Rect(x: 234, y: 0, width: 100, height: 36)
        var share = view(id + ".share", "UIButton", shareFrame)
        if rng.chance(10) { share.set("control", .obj(["enabled": false])) }
        share.subviews = [view(id + ".share.title", "UILabel", Rect(x: 8, y: 8, width: 84, height: 20))]
        actions.subviews = [like, share]
        card.subviews = [image, text, actions]

        if !hidden {
            target(.image, Rect(x: 0, y: 0, width: 358, height: imageHeight), at: origin)
            let textOrigin = origin + Point(x: 12, y: imageHeight + 8)
            target(.label, Rect(x: 0, y: 0, width: 334, height: 22), at: textOrigin)
            target(.label, Rect(x: 0, y: 24, width: 334, height: 18), at: textOrigin)
            let actionsOrigin = origin + actionsFrame.origin
            // The like button's enlarged touch area, so that some points land just outside its bounds.
            target(.button, Rect(x: likeFrame.minX - 8, y: likeFrame.minY - 8, width: 44, height: 44), at: actionsOrigin)
            target(.button, shareFrame, at: actionsOrigin)
        }
        return card
    }
}

/// A scene decoded for hit testing, and a fixed list of probe points in window coordinates.
public struct HitTestFixture: Sendable {
    public static let sizes = [100, 1_000, 10_000]
    public static let pointCount = 1_000

    public let viewCount: Int
    public let jsonBytes: Int
    public let scene: Scene
    public let tester: HitTester
    public let points: [Point]

    /// Generates the scene of `viewCount` views, decodes it with `SceneDecoder`, and draws
    /// `pointCount` points: about 35% aimed at buttons (including the enlarged touch areas), 25% at
    /// labels, 10% at images and 30% anywhere in the window (bars, gaps, the floating button).
    public init(viewCount: Int, pointCount: Int = HitTestFixture.pointCount, seed: UInt64 = 0x7007_C47_2ACE) {
        let generated = GeneratedScene(viewCount: viewCount, seed: seed)
        let bytes = Array(generated.json.utf8)
        let scene: Scene
        do {
            scene = try SceneDecoder().decode(bytes: bytes)
        } catch {
            fatalError("the generated scene of \(viewCount) views does not decode: \(error)")
        }
        precondition(scene.views.count == viewCount, "decoded \(scene.views.count) views, wanted \(viewCount)")
        self.viewCount = viewCount
        self.jsonBytes = bytes.count
        self.scene = scene
        self.tester = HitTester(scene: scene)

        var rng = SplitMix64(seed: seed &+ 0x9017_75)
        var byKind: [TargetKind: [Rect]] = [:]
        for t in generated.targets { byKind[t.kind, default: []].append(t.rect) }
        let window = Rect(origin: .zero, size: GeneratedScene.windowSize)
        var points: [Point] = []
        points.reserveCapacity(pointCount)
        for _ in 0..<pointCount {
            let roll = rng.below(100)
            let kind: TargetKind = roll < 35 ? .button : roll < 60 ? .label : roll < 70 ? .image : .anywhere
            var area = window
            if kind != .anywhere, let rects = byKind[kind], !rects.isEmpty {
                area = rects[rng.below(rects.count)]
            }
            // Clip to the window so that every point is on screen.
            let x0 = max(area.minX, 0), y0 = max(area.minY, 0)
            let x1 = min(area.maxX, window.maxX), y1 = min(area.maxY, window.maxY)
            points.append(Point(x: x0 + rng.halfPoints(below: x1 - x0), y: y0 + rng.halfPoints(below: y1 - y0)))
        }
        self.points = points
    }

    /// The deepest nesting of the scene (a window alone is 1).
    public var depth: Int {
        var best = 0
        var stack = scene.windows.map { ($0, 1) }
        while let (v, d) = stack.popLast() {
            best = max(best, d)
            for s in scene.views[v].subviews { stack.append((s, d + 1)) }
        }
        return best
    }
}
