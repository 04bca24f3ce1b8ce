import Foundation

/// Deterministic Sketch and Penpot documents of a given size, written as the tools write them:
/// a `.sketch` archive (document.json, meta.json, one page's JSON, DEFLATE-compressed) whose page
/// holds artboards of cards built from a symbol (instances with text overrides), groups, shapes,
/// texts and hotspots; and a Penpot `get-file` response in Transit JSON-Verbose whose page holds
/// boards with flex rows of buttons, texts and interactions.
enum GeneratedDesignFiles {
    // MARK: Sketch

    static func layer(_ cls: String, _ id: String, _ name: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int, rc: Int = 63, extra: String = "", layers: String? = nil) -> String {
        var s = """
            {"_class":"\(cls)","do_objectID":"\(id)","name":"\(name)","isVisible":true,"isLocked":false,"rotation":0,"isFlippedHorizontal":false,\
            "isFlippedVertical":false,"resizingConstraint":\(rc),"booleanOperation":-1,"exportOptions":{"_class":"exportOptions","exportFormats":[],"includedLayerIds":[],"layerOptions":0,"shouldTrim":false},\
            "frame":{"_class":"rect","constrainProportions":false,"x":\(x),"y":\(y),"width":\(w),"height":\(h)},\
            "style":{"_class":"style","do_objectID":"\(id)-S","endMarkerType":0,"miterLimit":10,"startMarkerType":0,"windingRule":1,\
            "borders":[{"_class":"border","isEnabled":true,"fillType":0,"color":{"_class":"color","alpha":1,"blue":0.6,"green":0.6,"red":0.6},"position":1,"thickness":1}],\
            "fills":[{"_class":"fill","isEnabled":true,"fillType":0,"color":{"_class":"color","alpha":1,"blue":1,"green":1,"red":1},"noiseIndex":0,"noiseIntensity":0,"patternFillType":1,"patternTileScale":1}],\
            "contextSettings":{"_class":"graphicsContextSettings","blendMode":0,"opacity":1}}
            """
        if !extra.isEmpty { s += "," + extra }
        if let layers { s += ",\"layers\":[" + layers + "]" }
        return s + "}"
    }

    static func text(_ id: String, _ name: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int, _ string: String) -> String {
        layer("text", id, name, x, y, w, h, rc: 47, extra: """
            "attributedString":{"_class":"attributedString","string":"\(string)","attributes":[{"_class":"stringAttribute","location":0,"length":\(string.count),\
            "attributes":{"MSAttributedStringFontAttribute":{"_class":"fontDescriptor","attributes":{"name":"Helvetica","size":15}}}}]},"textBehaviour":1,"automaticallyDrawOnUnderlyingPath":false
            """)
    }

    static func sketchArchive(minimumBytes: Int) -> (archive: [UInt8], pageBytes: Int) {
        let master = layer("symbolMaster", "M-CARD", "Card", 0, -400, 343, 80, extra: "\"symbolID\":\"SYM-CARD\",\"hasBackgroundColor\":false", layers: [
            layer("rectangle", "CARD-BG", "background", 0, 0, 343, 80, rc: 18),
            text("CARD-TITLE", "title", 16, 12, 240, 20, "Title"),
            text("CARD-SUB", "subtitle", 16, 40, 240, 18, "Subtitle"),
            layer("MSImmutableHotspotLayer", "CARD-HS", "open", 283, 20, 44, 40, rc: 58, extra: "\"flow\":{\"_class\":\"MSImmutableFlowConnection\",\"animationType\":0,\"destinationArtboardID\":\"AB-0\"}"),
        ].joined(separator: ","))
        var artboards: [String] = [master]
        var size = master.utf8.count
        var a = 0
        while size < minimumBytes {
            var cards: [String] = []
            for c in 0..<9 {
                let id = "A\(a)-C\(c)"
                cards.append(layer("symbolInstance", id, "Card \(c)", 16, 100 + c * 90, 343, 80, rc: 57, extra: """
                    "symbolID":"SYM-CARD","scale":1,"overrideValues":[{"_class":"overrideValue","overrideName":"CARD-TITLE_stringValue","value":"Item \(a)-\(c)"}]
                    """))
                cards.append(layer("group", id + "-G", "Row \(c) extras", 16, 100 + c * 90 + 82, 343, 6, rc: 57, layers: [
                    layer("rectangle", id + "-R1", "divider", 0, 0, 343, 1, rc: 18), layer("oval", id + "-O", "dot", 0, 2, 4, 4),
                ].joined(separator: ",")))
            }
            cards.append(text("A\(a)-T", "Heading", 16, 48, 200, 30, "Screen \(a)"))
            let board = layer("artboard", "AB-\(a)", "Screen \(a)", a * 420, 0, 375, 920, extra: "\"hasBackgroundColor\":false,\"isFlowHome\":\(a == 0)", layers: cards.joined(separator: ","))
            artboards.append(board)
            size += board.utf8.count
            a += 1
        }
        let page = "{\"_class\":\"page\",\"do_objectID\":\"PAGE-1\",\"name\":\"Page 1\",\"layers\":[" + artboards.joined(separator: ",") + "]}"
        let document = #"{"_class":"document","do_objectID":"DOC","pages":[{"_class":"MSJSONFileReference","_ref_class":"MSImmutablePage","_ref":"pages/PAGE-1"}]}"#
        let meta = #"{"appVersion":"99","version":146,"pagesAndArtboards":{}}"#
        let archive = ZIPWriter.archive([("document.json", Array(document.utf8)), ("meta.json", Array(meta.utf8)), ("pages/PAGE-1.json", Array(page.utf8))])
        return (archive, page.utf8.count)
    }

    // MARK: Penpot

    static func penpotFile(minimumBytes: Int) -> [UInt8] {
        let root = "00000000-0000-0000-0000-000000000000"
        func uuid(_ n: Int) -> String { String(format: "%08x-0000-4000-8000-%012d", n, n) }
        func shape(_ id: String, _ name: String, _ type: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, parent: String, frame: String, extra: String = "") -> String {
            var s = """
                "~u\(id)":{"~#shape":{"~:id":"~u\(id)","~:name":"\(name)","~:type":"~:\(type)","~:x":\(x),"~:y":\(y),"~:width":\(w),"~:height":\(h),\
                "~:selrect":{"~#rect":{"~:x":\(x),"~:y":\(y),"~:width":\(w),"~:height":\(h),"~:x1":\(x),"~:y1":\(y),"~:x2":\(x + w),"~:y2":\(y + h)}},\
                "~:points":[{"~#point":{"~:x":\(x),"~:y":\(y)}},{"~#point":{"~:x":\(x + w),"~:y":\(y)}},{"~#point":{"~:x":\(x + w),"~:y":\(y + h)}},{"~#point":{"~:x":\(x),"~:y":\(y + h)}}],\
                "~:transform":{"~#matrix":{"~:a":1.0,"~:b":0.0,"~:c":0.0,"~:d":1.0,"~:e":0.0,"~:f":0.0}},\
                "~:transform-inverse":{"~#matrix":{"~:a":1.0,"~:b":0.0,"~:c":0.0,"~:d":1.0,"~:e":0.0,"~:f":0.0}},\
                "~:parent-id":"~u\(parent)","~:frame-id":"~u\(frame)","~:rotation":0,"~:proportion":1,"~:proportion-lock":false,\
                "~:fills":[{"~:fill-color":"#FFFFFF","~:fill-opacity":1}],"~:strokes":[],"~:flip-x":null,"~:flip-y":null
                """
            if !extra.isEmpty { s += "," + extra }
            return s + "}}"
        }
        var objects: [String] = []
        var boards: [String] = []
        var size = 0
        var n = 1
        var b = 0
        while size < minimumBytes {
            let board = uuid(n)
            n += 1
            let bx = Double(b * 420)
            var children: [String] = []
            for r in 0..<8 {
                let row = uuid(n)
                n += 1
                let y = 100.0 + Double(r) * 90
                let buttons = [uuid(n), uuid(n + 1)]
                n += 2
                let label = uuid(n)
                n += 1
                objects.append(shape(row, "Row \(r)", "frame", bx + 16, y, 343, 60, parent: board, frame: board, extra: """
                    "~:layout":"~:flex","~:layout-flex-dir":"~:row","~:layout-justify-content":"~:space-between","~:layout-align-items":"~:center",\
                    "~:layout-gap":{"~:row-gap":0,"~:column-gap":12},"~:layout-padding":{"~:p1":8,"~:p2":8,"~:p3":8,"~:p4":8},"~:layout-wrap-type":"~:nowrap",\
                    "~:layout-item-h-sizing":"~:fix","~:layout-item-v-sizing":"~:fix","~:shapes":["~u\(buttons[1])","~u\(buttons[0])","~u\(label)"]
                    """))
                objects.append(shape(label, "Label \(r)", "text", bx + 24, y + 20, 120, 20, parent: row, frame: row, extra: """
                    "~:layout-item-h-sizing":"~:fix","~:layout-item-v-sizing":"~:fix","~:content":{"~:type":"root","~:children":[{"~:type":"paragraph-set",\
                    "~:children":[{"~:type":"paragraph","~:children":[{"~:text":"Row \(r)","~:font-size":"14","~:font-family":"sourcesanspro"}]}]}]}
                    """))
                objects.append(shape(buttons[0], "Button A", "rect", bx + 16 + 8 + 120 + 23.5, y + 8, 80, 44, parent: row, frame: row, extra: """
                    "~:layout-item-h-sizing":"~:fix","~:layout-item-v-sizing":"~:fix","~:interactions":[{"~:event-type":"~:click","~:action-type":"~:navigate","~:destination":"~u\(uuid(1))"}]
                    """))
                objects.append(shape(buttons[1], "Button B", "rect", bx + 16 + 343 - 8 - 80, y + 8, 80, 44, parent: row, frame: row, extra: """
                    "~:layout-item-h-sizing":"~:fix","~:layout-item-v-sizing":"~:fix"
                    """))
                children.append(row)
            }
            objects.append(shape(board, "Screen \(b)", "frame", bx, 0, 375, 844, parent: root, frame: root, extra: "\"~:shapes\":[" + children.map { "\"~u\($0)\"" }.joined(separator: ",") + "]"))
            boards.append(board)
            size = objects.reduce(0) { $0 + $1.utf8.count }
            b += 1
        }
        objects.append(#""~u\#(root)":{"~#shape":{"~:id":"~u\#(root)","~:type":"~:frame","~:name":"Root Frame","~:x":0,"~:y":0,"~:width":0.01,"~:height":0.01,"~:shapes":["# + boards.map { "\"~u\($0)\"" }.joined(separator: ",") + "]}}")
        let page = "~u" + uuid(999_999)
        return Array("{\"~:id\":\"~u\(uuid(888_888))\",\"~:name\":\"Generated\",\"~:data\":{\"~:pages\":[\"\(page)\"],\"~:pages-index\":{\"\(page)\":{\"~:id\":\"\(page)\",\"~:name\":\"Page 1\",\"~:objects\":{".utf8)
            + Array(objects.joined(separator: ",").utf8) + Array("}}}}}".utf8)
    }
}

/// A ZIP writer for the benchmark's archives: every entry DEFLATE-compressed with literals only
/// (one fixed-Huffman block, 8 or 9 bits a byte), so that reading it costs a full inflate of
/// every byte, the slowest path of the inflater.
enum ZIPWriter {
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var table = [UInt32](repeating: 0, count: 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            table[n] = c
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes { crc = table[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    static func deflateLiterals(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8 + 16)
        var buffer: UInt64 = 0
        var count = 0
        func put(_ value: UInt64, _ n: Int) {
            buffer |= value << UInt64(count)
            count += n
            while count >= 8 {
                out.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                count -= 8
            }
        }
        func code(_ value: Int, _ n: Int) {
            var reversed = 0
            for i in 0..<n where value & (1 << i) != 0 { reversed |= 1 << (n - 1 - i) }
            put(UInt64(reversed), n)
        }
        put(1, 1)
        put(1, 2)
        for b in bytes {
            if b < 144 { code(0x30 + Int(b), 8) } else { code(0x190 + Int(b) - 144, 9) }
        }
        code(0, 7)
        if count > 0 { out.append(UInt8(buffer & 0xFF)) }
        return out
    }

    static func archive(_ entries: [(String, [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        func u16(_ v: Int, _ into: inout [UInt8]) { into += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        func u32(_ v: Int, _ into: inout [UInt8]) { for i in 0..<4 { into.append(UInt8((v >> (8 * i)) & 0xFF)) } }
        for (name, data) in entries {
            let packed = deflateLiterals(data)
            let crc = Int(crc32(data))
            let nameBytes = Array(name.utf8)
            let offset = out.count
            u32(0x0403_4B50, &out); u16(20, &out); u16(0, &out); u16(8, &out); u16(0, &out); u16(0, &out)
            u32(crc, &out); u32(packed.count, &out); u32(data.count, &out); u16(nameBytes.count, &out); u16(0, &out)
            out += nameBytes
            out += packed
            u32(0x0201_4B50, &central); u16(20, &central); u16(20, &central); u16(0, &central); u16(8, &central); u16(0, &central); u16(0, &central)
            u32(crc, &central); u32(packed.count, &central); u32(data.count, &central); u16(nameBytes.count, &central)
            u16(0, &central); u16(0, &central); u16(0, &central); u16(0, &central); u32(0, &central); u32(offset, &central)
            central += nameBytes
        }
        let start = out.count
        out += central
        u32(0x0605_4B50, &out); u16(0, &out); u16(0, &out); u16(entries.count, &out); u16(entries.count, &out)
        u32(central.count, &out); u32(start, &out); u16(0, &out)
        return out
    }
}
