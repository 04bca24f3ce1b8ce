/// A deterministic Figma file (the JSON of `GET /v1/files/:key?geometry=paths`) of at least
/// `minimumBytes` bytes, shaped like a designer's feed screen: one page whose prototype starts
/// at a frame "Feed" holding a vertical auto-layout list of cards; each card is a horizontal
/// auto-layout frame (an avatar with an image fill, a vertical auto-layout frame of a title and a
/// subtitle, a "Button/Primary" instance whose tap navigates to the frame "Detail"), with the
/// fills, strokes, effects, styles and geometry Figma writes. Nothing random: the same bytes
/// every run, and the boxes agree with the auto layout.
enum GeneratedFigmaFile {
    static func bytes(minimumBytes: Int) -> [UInt8] {
        var cards: [String] = []
        var total = 2_000
        var i = 0
        while total < minimumBytes {
            let card = Self.card(i)
            cards.append(card)
            total += card.utf8.count + 2
            i += 1
        }
        let n = cards.count
        let listHeight = Double(n) * 72 + Double(max(0, n - 1)) * 8
        let feedHeight = 100 + listHeight + 100
        let list = """
            {"id": "1:2", "name": "List", "type": "FRAME", "blendMode": "PASS_THROUGH", \(box(16, 100, 358, listHeight)), \
            "constraints": {"vertical": "TOP", "horizontal": "LEFT_RIGHT"}, "relativeTransform": [[1, 0, 16], [0, 1, 100]], "size": {"x": 358, "y": \(listHeight)}, \
            "clipsContent": false, "background": [], "fills": [], "strokes": [], "strokeWeight": 1, "strokeAlign": "INSIDE", "backgroundColor": {"r": 0, "g": 0, "b": 0, "a": 0}, \
            "layoutMode": "VERTICAL", "counterAxisSizingMode": "FIXED", "itemSpacing": 8, "effects": [], "children": [\(cards.joined(separator: ",\n"))]}
            """
        let text = """
            {"document": {"id": "0:0", "name": "Document", "type": "DOCUMENT", "children": [
            {"id": "0:1", "name": "Screens", "type": "CANVAS", "backgroundColor": {"r": 0.9, "g": 0.9, "b": 0.9, "a": 1}, "prototypeStartNodeID": "1:1", \
            "flowStartingPoints": [{"nodeId": "1:1", "name": "Flow 1"}], "prototypeDevice": {"type": "PRESET", "rotation": "NONE"}, "children": [
            {"id": "1:1", "name": "Feed", "type": "FRAME", "blendMode": "PASS_THROUGH", \(box(0, 0, 390, feedHeight)), \
            "constraints": {"vertical": "TOP", "horizontal": "LEFT"}, "relativeTransform": [[1, 0, 0], [0, 1, 0]], "size": {"x": 390, "y": \(feedHeight)}, \
            "clipsContent": true, "background": [\(solid(1, 1, 1))], "fills": [\(solid(1, 1, 1))], "strokes": [], "strokeWeight": 1, "strokeAlign": "INSIDE", \
            "backgroundColor": {"r": 1, "g": 1, "b": 1, "a": 1}, "effects": [], "children": [\(list)]},
            {"id": "2:1", "name": "Detail", "type": "FRAME", "blendMode": "PASS_THROUGH", \(box(500, 0, 390, 844)), \
            "constraints": {"vertical": "TOP", "horizontal": "LEFT"}, "clipsContent": true, "fills": [\(solid(1, 1, 1))], "strokes": [], "effects": [], "children": []}
            ]}]},
            "components": {"9:1": {"key": "b1c2d3", "name": "Button/Primary", "description": "", "documentationLinks": []}},
            "componentSets": {}, "schemaVersion": 0, "styles": {"3:1": {"key": "e4f5", "name": "Title", "styleType": "TEXT", "description": ""}},
            "name": "Generated feed", "lastModified": "2026-01-01T00:00:00Z", "thumbnailUrl": "", "version": "1", "role": "owner", "editorType": "figma"}

            """
        return Array(text.utf8)
    }

    static func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String {
        "\"absoluteBoundingBox\": {\"x\": \(x), \"y\": \(y), \"width\": \(w), \"height\": \(h)}, \"absoluteRenderBounds\": {\"x\": \(x), \"y\": \(y), \"width\": \(w), \"height\": \(h)}"
    }

    static func solid(_ r: Double, _ g: Double, _ b: Double) -> String {
        "{\"blendMode\": \"NORMAL\", \"type\": \"SOLID\", \"color\": {\"r\": \(r), \"g\": \(g), \"b\": \(b), \"a\": 1}}"
    }

    static func text(_ id: String, _ name: String, _ characters: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, size: Double) -> String {
        """
        {"id": "\(id)", "name": "\(name)", "type": "TEXT", "blendMode": "PASS_THROUGH", \(box(x, y, w, h)), "constraints": {"vertical": "TOP", "horizontal": "LEFT"}, \
        "layoutAlign": "INHERIT", "layoutGrow": 0, "fills": [\(solid(0.1, 0.1, 0.1))], "strokes": [], "strokeWeight": 1, "strokeAlign": "OUTSIDE", "effects": [], \
        "styles": {"text": "3:1"}, "characters": "\(characters)", "style": {"fontFamily": "Inter", "fontPostScriptName": "Inter-Regular", "fontWeight": 400, \
        "fontSize": \(size), "textAlignHorizontal": "LEFT", "textAlignVertical": "TOP", "letterSpacing": 0, "lineHeightPx": \(h), "lineHeightPercent": 100, \
        "lineHeightUnit": "INTRINSIC_%"}, "layoutVersion": 3, "characterStyleOverrides": [], "styleOverrideTable": {}, "lineTypes": ["NONE"], "lineIndentations": [0]}
        """
    }

    static func card(_ i: Int) -> String {
        let y = 100 + Double(i) * 80
        let id = "10\(i)"
        let avatar = """
            {"id": "\(id):2", "name": "Avatar", "type": "ELLIPSE", "blendMode": "PASS_THROUGH", \(box(32, y + 12, 48, 48)), \
            "constraints": {"vertical": "TOP", "horizontal": "LEFT"}, "relativeTransform": [[1, 0, 16], [0, 1, 12]], "size": {"x": 48, "y": 48}, \
            "layoutAlign": "INHERIT", "layoutGrow": 0, "fills": [{"blendMode": "NORMAL", "type": "IMAGE", "scaleMode": "FILL", "imageRef": "a\(i)b"}], \
            "fillGeometry": [{"path": "M48 24C48 37.2548 37.2548 48 24 48C10.7452 48 0 37.2548 0 24C0 10.7452 10.7452 0 24 0C37.2548 0 48 10.7452 48 24Z", "windingRule": "NONZERO"}], \
            "strokes": [], "strokeWeight": 1, "strokeAlign": "INSIDE", "strokeGeometry": [], "effects": [], "arcData": {"startingAngle": 0, "endingAngle": 6.28, "innerRadius": 0}}
            """
        let texts = """
            {"id": "\(id):3", "name": "Texts", "type": "FRAME", "blendMode": "PASS_THROUGH", \(box(92, y + 16, 174, 40)), \
            "constraints": {"vertical": "TOP", "horizontal": "LEFT"}, "relativeTransform": [[1, 0, 76], [0, 1, 16]], "size": {"x": 174, "y": 40}, \
            "layoutAlign": "INHERIT", "layoutGrow": 1, "clipsContent": false, "background": [], "fills": [], "strokes": [], "strokeWeight": 1, "strokeAlign": "INSIDE", \
            "backgroundColor": {"r": 0, "g": 0, "b": 0, "a": 0}, "layoutMode": "VERTICAL", "counterAxisSizingMode": "FIXED", "itemSpacing": 4, "effects": [], "children": [
            \(text(id + ":4", "Title", "Card \(i) title", 92, y + 16, 174, 20, size: 16)),
            \(text(id + ":5", "Subtitle", "Posted by someone, \(i % 60) minutes ago", 92, y + 40, 174, 16, size: 13))]}
            """
        let button = """
            {"id": "\(id):6", "name": "Open button", "type": "INSTANCE", "blendMode": "PASS_THROUGH", \(box(278, y + 20, 80, 32)), \
            "constraints": {"vertical": "TOP", "horizontal": "LEFT"}, "relativeTransform": [[1, 0, 262], [0, 1, 20]], "size": {"x": 80, "y": 32}, \
            "layoutAlign": "INHERIT", "layoutGrow": 0, "clipsContent": false, "background": [\(solid(0.2, 0.4, 1))], "fills": [\(solid(0.2, 0.4, 1))], \
            "strokes": [], "strokeWeight": 1, "strokeAlign": "INSIDE", "cornerRadius": 8, "backgroundColor": {"r": 0.2, "g": 0.4, "b": 1, "a": 1}, \
            "effects": [{"type": "DROP_SHADOW", "visible": true, "color": {"r": 0, "g": 0, "b": 0, "a": 0.25}, "blendMode": "NORMAL", "offset": {"x": 0, "y": 1}, "radius": 2, "showShadowBehindNode": false}], \
            "componentId": "9:1", "transitionNodeID": "2:1", "transitionDuration": 300, "transitionEasing": "EASE_OUT", \
            "interactions": [{"trigger": {"type": "ON_CLICK"}, "actions": [{"type": "NODE", "destinationId": "2:1", "navigation": "NAVIGATE", \
            "transition": {"type": "DISSOLVE", "easing": {"type": "EASE_OUT"}, "duration": 0.3}, "preserveScrollPosition": false}]}], "children": [
            \(text(id + ":7", "Label", "Open", 298, y + 28, 40, 16, size: 13))]}
            """
        return """
            {"id": "\(id):1", "name": "Card \(i)", "type": "FRAME", "blendMode": "PASS_THROUGH", \(box(16, y, 358, 72)), \
            "constraints": {"vertical": "TOP", "horizontal": "LEFT"}, "relativeTransform": [[1, 0, 0], [0, 1, \(y - 100)]], "size": {"x": 358, "y": 72}, \
            "layoutAlign": "STRETCH", "layoutGrow": 0, "clipsContent": true, "background": [\(solid(0.97, 0.97, 0.98))], "fills": [\(solid(0.97, 0.97, 0.98))], \
            "strokes": [\(solid(0.85, 0.85, 0.88))], "strokeWeight": 1, "strokeAlign": "INSIDE", "cornerRadius": 12, "backgroundColor": {"r": 0.97, "g": 0.97, "b": 0.98, "a": 1}, \
            "layoutMode": "HORIZONTAL", "counterAxisAlignItems": "CENTER", "paddingLeft": 16, "paddingRight": 16, "paddingTop": 12, "paddingBottom": 12, \
            "itemSpacing": 12, "effects": [], "children": [\(avatar), \(texts), \(button)]}
            """
    }
}
