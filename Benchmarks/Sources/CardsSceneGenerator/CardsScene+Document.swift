/// The 'cards' scene as a TouchTrace scene document (docs/scene-format.md JSON): the same tree as
/// ``CardsScene/makeTree(_:)`` expressed as UIKit views, so that `AutoLayoutSystem(scene:)`
/// generates the constraints itself — `UIStackView`s (margins-relative arrangement, spacing 8,
/// alignment fill; columns `fill`, rows `fillEqually`) and leaves with an `intrinsicContentSize`
/// (hugging 250, compression resistance 750 by default). View `i` of the tree has id `v<i>`;
/// the window is `win`.
///
/// The same document as `sceneJSON` in Tests/TouchTraceEngineTests/AutoLayoutCardsSceneTests.swift,
/// except for how the root stack `v0` is held:
/// - ``RootPinning/followsWindow`` (the wired benchmark): leading, trailing and top equal to the
///   window's, so a window resize reaches every view;
/// - ``RootPinning/fixedWidth(_:)`` (the test's): leading and top to the window, width a constant.
extension CardsScene {
    public enum RootPinning: Sendable {
        case followsWindow
        case fixedWidth(Double)
    }

    /// The window's height in the document. The root stack is not pinned to the bottom, so its
    /// height comes from its content whatever this is.
    public static let windowHeight = 2000.0

    public static func sceneDocument(_ nodes: [ViewSpec], root: RootPinning = .followsWindow) -> String {
        var out = ""
        out.reserveCapacity(nodes.count * 200)
        func number(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }
        func view(_ i: Int) {
            let n = nodes[i]
            if n.children.isEmpty {
                out += #"{"id": "v\#(i)", "intrinsicContentSize": {"width": \#(number(n.iw)), "height": \#(number(n.ih))}}"#
                return
            }
            let horizontal = n.horizontal
            out += #"{"id": "v\#(i)", "class": "UIStackView", "stack": {"axis": "\#(horizontal ? "horizontal" : "vertical")", "#
            out += #""distribution": "\#(horizontal ? "fillEqually" : "fill")", "alignment": "fill", "spacing": \#(number(spacing)), "#
            out += #""layoutMarginsRelativeArrangement": true}"#
            if i == 0 {
                out += #", "translatesAutoresizingMaskIntoConstraints": false, "constraints": ["#
                out += #"{"firstAttribute": "leading", "secondItem": "win", "secondAttribute": "leading"}, "#
                out += #"{"firstAttribute": "top", "secondItem": "win", "secondAttribute": "top"}, "#
                switch root {
                case .followsWindow:
                    out += #"{"firstAttribute": "trailing", "secondItem": "win", "secondAttribute": "trailing"}]"#
                case let .fixedWidth(width):
                    out += #"{"identifier": "rootWidth", "firstAttribute": "width", "constant": \#(number(width))}]"#
                }
            }
            out += #", "subviews": ["#
            for (k, child) in n.children.enumerated() {
                if k > 0 { out += ", " }
                view(child)
            }
            out += "]}"
        }
        out += #"{"window": {"id": "win", "frame": {"x": 0, "y": 0, "width": \#(number(rootWidth)), "height": \#(number(windowHeight))}, "subviews": ["#
        if !nodes.isEmpty { view(0) }
        out += "]}}"
        return out
    }
}
