/// `UISwipeGestureRecognizer.Direction`, with UIKit's bit values: a swipe recognizer may accept
/// several directions (rule G6).
public struct SwipeDirections: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let right = SwipeDirections(rawValue: 1 << 0)
    public static let left = SwipeDirections(rawValue: 1 << 1)
    public static let up = SwipeDirections(rawValue: 1 << 2)
    public static let down = SwipeDirections(rawValue: 1 << 3)

    /// Names as the scene writes them, in UIKit's bit order, each with its unit vector (y grows
    /// downwards, as in UIKit).
    public static let named: [(name: String, direction: SwipeDirections, x: Double, y: Double)] = [
        ("right", .right, 1, 0), ("left", .left, -1, 0), ("up", .up, 0, -1), ("down", .down, 0, 1),
    ]

    public init?(name: String) {
        guard let entry = Self.named.first(where: { $0.name == name }) else { return nil }
        self = entry.direction
    }

    /// The directions' names in bit order, joined (`"left or right"`).
    public func names(joinedBy separator: String) -> String {
        Self.named.filter { contains($0.direction) }.map(\.name).joined(separator: separator)
    }
}
