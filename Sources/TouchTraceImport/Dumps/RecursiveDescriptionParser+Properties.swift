import TouchTraceEngine

extension RecursiveDescriptionParser {
    /// The properties of a view description that hit testing and layout read.
    mutating func read(_ record: DescriptionRecord, into node: inout DumpNode) {
        let line = node.line ?? 0
        for member in record.members {
            let value = member.value
            func invalid(_ what: String) {
                warnings.add(
                    ImportWarning(
                        .invalidValue, "\(member.key) = \(value.prefix(80)) of \(record.className.prefix(80)) on line \(line) is not \(what): UIKit's default used",
                        at: node, line: line, lost: "the \(member.key) value"))
            }
            switch member.key {
            case "frame":
                if let r = DumpValues.rect(value) { node.frame = r } else { invalid("a frame (x y; width height)") }
            case "hidden":
                if let f = DumpValues.flag(value) { node.hidden = f } else { invalid("YES or NO") }
            case "alpha":
                if let a = DumpValues.number(value), a >= 0, a <= 1 { node.alpha = a } else { invalid("a number from 0 to 1") }
            case "userInteractionEnabled":
                if let f = DumpValues.flag(value) { node.userInteractionEnabled = f } else { invalid("YES or NO") }
            case "clipsToBounds":
                if let f = DumpValues.flag(value) { node.clipsToBounds = f } else { invalid("YES or NO") }
            case "enabled":
                if let f = DumpValues.flag(value) { node.enabled = f } else { invalid("YES or NO") }
            case "selected":
                if let f = DumpValues.flag(value) { node.selected = f } else { invalid("YES or NO") }
            case "autoresize":
                if let m = DumpValues.autoresizing(value) { node.autoresizingMask = m } else { invalid("a mask of LM, W, RM, TM, H and BM") }
            case "transform":
                if let t = DumpValues.transform(value) { node.transform = t } else { invalid("a transform [a, b, c, d, tx, ty]") }
            case "contentOffset":
                if let o = DumpValues.point(value) { node.contentOffset = o } else { invalid("a point {x, y}") }
            case "contentSize":
                if let s = DumpValues.size(value) { node.contentSize = s } else { invalid("a size {width, height}") }
            case "adjustedContentInset":
                if let e = DumpValues.insets(value) { node.contentInset = e } else { invalid("insets {top, left, bottom, right}") }
            case "contentInset":
                if record.member("adjustedContentInset") == nil {
                    if let e = DumpValues.insets(value) { node.contentInset = e } else { invalid("insets {top, left, bottom, right}") }
                }
            case "text":
                // Older releases print non-ASCII text as `\u8bf7` escapes.
                node.text = value.contains("\\u") ? Self.unescapingUnicode(value) : value
            case "baseClass":
                node.baseClass = value
            case "accessibilityIdentifier", "identifier", "AX.id":
                node.identifier = value
            case "accessibilityLabel", "label", "AX.label":
                node.label = value
            case "UIE":
                // EarlGrey's description: `UIE=N` when user interaction is off.
                switch value.uppercased() {
                case "Y": node.userInteractionEnabled = true
                case "N": node.userInteractionEnabled = false
                default: invalid("Y or N")
                }
            case "gestureRecognizers":
                let v = value.lowercased()
                node.hasGestureRecognizers = !(v.isEmpty || v == "(null)" || v == "nil" || v == "()" || v.hasPrefix("<__nsarray0"))
            case "animations":
                node.animating = !(value.isEmpty || value == "{ }" || value == "{}")
            case "":
                // EarlGrey's description prints a bare `hidden` for a hidden view.
                if value == "hidden" { node.hidden = true }
            default:
                if !Self.ignoredKeys.contains(member.key) {
                    if let u = unknownKeys[member.key] {
                        unknownKeys[member.key] = (u.count + 1, u.line, u.column)
                    } else {
                        unknownKeys[member.key] = (1, line, node.column ?? 1)
                        unknownKeyOrder.append(member.key)
                    }
                }
            }
        }
        if let f = node.frame, f.size.width < 0 || f.size.height < 0 {
            warnings.add(
                ImportWarning(
                    .invalidValue, "the frame of \(record.className.prefix(80)) on line \(line) has a negative size: read as the rectangle it covers",
                    at: node, line: line, lost: "nothing (UIKit's frame is that rectangle too)"))
            node.frame = Rect(
                x: min(f.minX, f.minX + f.size.width), y: min(f.minY, f.minY + f.size.height), width: abs(f.size.width),
                height: abs(f.size.height))
        }
    }

    /// `\uXXXX` escapes (surrogate pairs included) replaced by their characters.
    static func unescapingUnicode(_ s: String) -> String {
        let b = Array(s.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "\\"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "u"), let (scalar, next) = DumpText.unicodeEscape(b, at: i + 2) {
                out += Array(String(Character(scalar)).utf8)
                i = next
                continue
            }
            out.append(b[i])
            i += 1
        }
        return out.text
    }

    /// Properties UIKit prints that have no bearing on touches or layout: read past without a warning.
    static let ignoredKeys: Set<String> = [
        "opaque", "layer", "tag", "backgroundColor", "tintColor", "dataSource", "delegate", "layout", "reactTag", "collectionViewLayout",
        "image", "highlighted", "tintAdjustmentMode", "layoutMargins", "preservesSuperviewLayoutMargins", "clearsContextBeforeDrawing",
        "contentMode", "semanticContentAttribute", "overrideUserInterfaceStyle", "traitCollection", "name", "font", "textColor",
        "title", "state", "view", "target", "target=", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded",
        "numberOfTapsRequired", "numberOfTouchesRequired", "must-fail", "must-fail-for", "allowsSelection", "rowHeight",
        "estimatedRowHeight", "style", "separatorStyle", "editing", "effect", "contentView", "bounds", "position", "zPosition",
        "anchorPoint", "cornerRadius", "masksToBounds", "shadowOpacity", "borderWidth", "borderColor", "identifier.accessibility",
        // EarlGrey's accessibility members (`AX=Y; AX.frame={{…}}; AX.traits='…'`): not hit testing's.
        "AX", "AX.frame", "AX.activationPoint", "AX.traits", "AX.focused", "AX.value", "isAccessible",
    ]
}
