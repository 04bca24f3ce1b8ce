/// Named devices for an expectation file's `device`: the screen size in points, portrait.
/// Sizes are Apple's published values ("Human Interface Guidelines: Layout — Specifications,
/// device screen sizes"); the same numbers as the Interface Builder importer's device table.
/// A device sets the size of the screen-filling windows only; safe-area insets stay the scene's.
public struct Device: Sendable, Hashable {
    public var name: String
    public var width: Double
    public var height: Double

    public static let all: [Device] = [
        Device(name: "iPhone SE", width: 375, height: 667),
        Device(name: "iPhone 8", width: 375, height: 667),
        Device(name: "iPhone 8 Plus", width: 414, height: 736),
        Device(name: "iPhone 11", width: 414, height: 896),
        Device(name: "iPhone 12 mini", width: 375, height: 812),
        Device(name: "iPhone 13 mini", width: 375, height: 812),
        Device(name: "iPhone 12", width: 390, height: 844),
        Device(name: "iPhone 13", width: 390, height: 844),
        Device(name: "iPhone 14", width: 390, height: 844),
        Device(name: "iPhone 14 Plus", width: 428, height: 926),
        Device(name: "iPhone 14 Pro", width: 393, height: 852),
        Device(name: "iPhone 14 Pro Max", width: 430, height: 932),
        Device(name: "iPhone 15", width: 393, height: 852),
        Device(name: "iPhone 15 Plus", width: 430, height: 932),
        Device(name: "iPhone 15 Pro", width: 393, height: 852),
        Device(name: "iPhone 15 Pro Max", width: 430, height: 932),
        Device(name: "iPhone 16", width: 393, height: 852),
        Device(name: "iPhone 16 Plus", width: 430, height: 932),
        Device(name: "iPhone 16 Pro", width: 402, height: 874),
        Device(name: "iPhone 16 Pro Max", width: 440, height: 956),
        Device(name: "iPad mini", width: 744, height: 1133),
        Device(name: "iPad", width: 820, height: 1180),
        Device(name: "iPad Air 11-inch", width: 820, height: 1180),
        Device(name: "iPad Air 13-inch", width: 1024, height: 1366),
        Device(name: "iPad Pro 11-inch", width: 834, height: 1194),
        Device(name: "iPad Pro 12.9-inch", width: 1024, height: 1366),
    ]

    /// The device with this name, ignoring case, spaces and hyphens (`iphone-15-pro`).
    public static func named(_ name: String) -> Device? {
        let key = normalized(name)
        return all.first { normalized($0.name) == key }
    }

    static func normalized(_ s: String) -> String {
        String(s.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" })
    }
}
