/// The touches-trace entries of scrolling, layout marks, focus, lists and bars as JSON
/// (docs/trace-schema.md lists their fields): each kind's fields with `rule`, `t` and `type`,
/// in sorted key order.
extension TouchesTrace.Entry {
    func writeClassEntry(in scene: Scene, into out: inout JSONOutput) {
        var first = true
        /// A key (`"name":`), after a comma unless it is the first.
        func key(_ fragment: StaticString) {
            out.byte(UInt8(ascii: first ? "{" : ","))
            first = false
            out.raw(fragment)
        }
        func key(_ fragment: StaticString, id view: Int?) {
            key(fragment)
            out.id(view, in: scene)
        }
        func key(_ fragment: StaticString, plain value: String) {
            key(fragment)
            out.plainString(value)
        }
        func key(_ fragment: StaticString, number value: Double) {
            key(fragment)
            out.number(value)
        }
        func key(_ fragment: StaticString, integer value: Int?) {
            key(fragment)
            out.integer(value)
        }
        func responder(_ r: ResponderRef?) { out.string(orNull: r.map { scene.id(of: $0) }) }
        func controller(_ c: Int?) { out.string(orNull: c.map { scene.viewControllers[$0].id }) }
        func rule() {
            key("\"rule\":", plain: self.rule.rawValue)
        }
        /// `t`, when set.
        func time() {
            guard let t = self.time else { return }
            key("\"t\":", number: t)
        }
        /// `rule`, then `t` (for kinds with no key between them).
        func ruleAndTime() {
            rule()
            time()
        }
        func type() {
            key("\"type\":", plain: kind.type)
        }
        switch kind {
        case let .drawnOnTop(touch, view, over):
            key("\"detail\":")
            out.string(HitTestTrace.DrawnOnTop(view: view, over: over).detail(in: scene))
            key("\"over\":", id: over)
            key("\"overZPosition\":", number: scene.views[over].zPosition)
            ruleAndTime()
            key("\"touch\":", number: Double(touch))
            type()
            key("\"view\":", id: view)
            key("\"zPosition\":", number: scene.views[view].zPosition)
        case let .needsLayout(view, reason, coalesced):
            key("\"coalesced\":")
            out.bool(coalesced)
            key("\"reason\":", plain: reason.rawValue)
            ruleAndTime()
            type()
            key("\"view\":", id: view)
        case let .layoutSubviews(view, reason, marks):
            key("\"marks\":", number: Double(marks))
            key("\"reason\":", plain: reason.rawValue)
            ruleAndTime()
            type()
            key("\"view\":", id: view)
        case let .becomeFirstResponder(view, previous, touch):
            key("\"previous\":")
            responder(previous)
            key("\"responder\":", id: view)
            ruleAndTime()
            key("\"touch\":", integer: touch)
            type()
        case let .resignFirstResponder(resigning, next, touch):
            key("\"next\":", id: next)
            key("\"responder\":")
            responder(resigning)
            ruleAndTime()
            key("\"touch\":", integer: touch)
            type()
        case let .firstResponderKept(kept, touch):
            key("\"detail\":")
            out.raw(
                "\"a touch elsewhere does not resign the first responder: UIKit leaves that to the app (resignFirstResponder(), endEditing(_:))\"")
            key("\"responder\":")
            responder(kept)
            ruleAndTime()
            key("\"touch\":", number: Double(touch))
            type()
        case let .cellState(cell, list, indexPath, property, value):
            key("\"cell\":", id: cell)
            key("\"indexPath\":")
            out.indexPath(indexPath, table: scene.views[list].viewClass == .UITableView)
            key("\"property\":", plain: property.rawValue)
            ruleAndTime()
            type()
            key("\"value\":")
            out.bool(value)
            key("\"view\":", id: list)
        case let .delegateCall(call):
            let table = scene.views[call.sender].viewClass == .UITableView
            if let path = call.indexPath {
                key("\"indexPath\":")
                out.indexPath(path, table: table)
            }
            key("\"method\":")
            out.string(call.method)
            key("\"receiver\":")
            out.string(orNull: call.receiver)
            switch call.returned {
            case let .bool(b)?:
                key("\"returned\":")
                out.bool(b)
            case let .indexPath(path)?:
                key("\"returned\":")
                if let path { out.indexPath(path, table: table) } else { out.raw("null") }
            case nil:
                break
            }
            rule()
            key("\"sender\":", id: call.sender)
            time()
            type()
        case let .noSelection(list, cell, touch, reason):
            if case let .cell(config)? = scene.views[cell].role {
                key("\"cell\":", id: cell)
                key("\"indexPath\":")
                out.indexPath(config.indexPath, table: scene.views[list].viewClass == .UITableView)
                key("\"reason\":")
                out.string(reason.sentence(list: list, cell: cell, in: scene))
                ruleAndTime()
                key("\"touch\":", number: Double(touch))
                type()
                key("\"view\":", id: list)
            } else {
                ruleAndTime()
                type()
            }
        case let .popViewController(bar, item, viewController):
            key("\"item\":", id: item)
            key("\"navigationBar\":", id: bar)
            ruleAndTime()
            type()
            key("\"viewController\":")
            controller(viewController)
        case let .selectTab(bar, item, index, previous, tabBarController, viewController):
            key("\"item\":", id: item)
            key("\"previousIndex\":", integer: previous)
            rule()
            key("\"selectedIndex\":", number: Double(index))
            time()
            key("\"tabBar\":", id: bar)
            key("\"tabBarController\":")
            controller(tabBarController)
            type()
            key("\"viewController\":")
            controller(viewController)
        case let .scroll(scrollView, phase, touch, motion):
            // contentOffset, decelerating, lock, pastEdge, phase, restsAt, rule, scrollView, t,
            // targetContentOffset, touch, type, velocity
            key("\"contentOffset\":")
            out.point(motion.contentOffset)
            if motion.target != nil {
                key("\"decelerating\":")
                out.bool(motion.restsAt != nil)
            }
            if let lock = motion.lock, lock != .none {
                key("\"lock\":", plain: lock.rawValue)
            }
            if motion.pastEdge {
                key("\"pastEdge\":")
                out.raw("true")
            }
            key("\"phase\":", plain: phase.rawValue)
            if let restsAt = motion.restsAt {
                key("\"restsAt\":", number: restsAt)
            }
            rule()
            key("\"scrollView\":", id: scrollView)
            time()
            if let target = motion.target {
                key("\"targetContentOffset\":")
                out.point(target)
            }
            key("\"touch\":", integer: touch)
            type()
            if let velocity = motion.velocity {
                key("\"velocity\":")
                out.point(velocity)
            }
        default:
            ruleAndTime()
            type()
        }
        out.byte(UInt8(ascii: "}"))
    }
}
