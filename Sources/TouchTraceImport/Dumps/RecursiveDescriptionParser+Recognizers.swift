import TouchTraceEngine

extension RecursiveDescriptionParser {
    // MARK: Gesture recognizers

    /// A description of a gesture recognizer attached to a view: its class (or base class) is a
    /// `…GestureRecognizer` and it names its `view`.
    static func isRecognizer(_ r: DescriptionRecord) -> Bool {
        let name = DumpClasses.shortName(r.className)
        let base = r.value("baseClass").map(DumpClasses.shortName) ?? ""
        return (name.hasSuffix("GestureRecognizer") || base.hasSuffix("GestureRecognizer") || name.hasSuffix("Recognizer"))
            && r.member("view") != nil
    }

    mutating func addRecognizer(_ record: DescriptionRecord, start: Int, line: DumpLine) {
        var g = DumpRecognizer(object: DumpObject(className: record.className, address: record.address, line: line.line, column: line.column + start))
        g.baseClass = record.value("baseClass")
        for member in record.members {
            let v = member.value
            switch member.key {
            case "view":
                let b = Array(v.utf8)
                if let s = DescriptionParser.start(in: b) { g.viewAddress = DescriptionParser.parse(b, at: s).address }
            case "enabled": g.enabled = DumpValues.flag(v)
            case "cancelsTouchesInView": g.cancelsTouchesInView = DumpValues.flag(v)
            case "delaysTouchesBegan": g.delaysTouchesBegan = DumpValues.flag(v)
            case "delaysTouchesEnded": g.delaysTouchesEnded = DumpValues.flag(v)
            case "numberOfTapsRequired": g.numberOfTapsRequired = DumpValues.number(v).flatMap { $0 >= 1 && $0 <= 10 ? Int(exactly: $0) : nil }
            case "numberOfTouchesRequired": g.numberOfTouchesRequired = DumpValues.number(v).flatMap { $0 >= 1 && $0 <= 10 ? Int(exactly: $0) : nil }
            case "minimumPressDuration": g.minimumPressDuration = DumpValues.number(v).flatMap { $0 >= 0 && $0 <= 3_600 ? $0 : nil }
            case "target", "targets":
                // `<(action=handleTap:, target=<MyVC 0x…>)>`, possibly several `(…)` in one.
                var rest = Substring(v)
                while let a = rest.range(of: "action=") {
                    let after = rest[a.upperBound...]
                    let action = String(after.prefix { $0 != "," && $0 != ")" }).trimmingSpaces
                    var targetClass: String?
                    var targetAddress: String?
                    if let t = after.range(of: "target=") {
                        let tb = Array(after[t.upperBound...].utf8)
                        if let s = DescriptionParser.start(in: tb) {
                            let target = DescriptionParser.parse(tb, at: s)
                            targetClass = target.className
                            targetAddress = target.address
                        }
                    }
                    if !action.isEmpty { g.targets.append((action, targetClass, targetAddress)) }
                    guard let close = after.range(of: ")") else { break }
                    rest = after[close.upperBound...]
                }
            default: break
            }
        }
        tree.recognizers.append(g)
    }
}
