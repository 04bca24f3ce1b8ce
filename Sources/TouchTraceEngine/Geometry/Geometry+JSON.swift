/// Points and rects as JSON values (requests echo them, reports quote them); the responses'
/// writers write them as bytes (Encoding/).
extension Point {
    public var json: JSONValue { .obj(["x": .number(x), "y": .number(y)]) }
}

extension Rect {
    public var json: JSONValue {
        .obj(["x": .number(origin.x), "y": .number(origin.y), "width": .number(size.width), "height": .number(size.height)])
    }
}
