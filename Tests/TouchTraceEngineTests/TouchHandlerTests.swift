import Testing
@testable import TouchTraceEngine

/// The touch session's handlers on their own, with no scene (as `GestureArenaTests` runs the
/// arena): views are plain indices and the facts a handler needs are built by hand; each test
/// feeds inputs and checks the effects that come back, in order.
@Suite struct ScrollDriverTests {
    static let feed = 3
    static func motion() -> ScrollMotion {
        ScrollMotion(config: ScrollMotionConfig(boundsSize: Size(width: 390, height: 844), contentSize: Size(width: 390, height: 2000)), offset: .zero)
    }

    /// The offsets a list of effects sets.
    static func offsets(_ effects: [SessionEffect]) -> [Point] {
        effects.compactMap { if case let .setContentOffset(_, offset) = $0 { offset } else { nil } }
    }

    @Test func aDragScrollsEntersTheTraceAndSetsTheBoundsOrigin() {
        var driver = ScrollDriver()
        #expect(driver.isEmpty && !driver.knows(Self.feed))
        let p = Point(x: 200, y: 700)
        let began = driver.scrolled(Self.feed, .began, touch: 1, rule: .S1, at: p, touchStart: p, time: 0, start: Self.motion())
        #expect(driver.knows(Self.feed))
        guard case let .record(rule, .scroll(view, phase, touch, motion)) = began.first else {
            Issue.record("no scroll entry: \(began)")
            return
        }
        #expect(rule == .S1 && view == Self.feed && phase == .began && touch == 1 && motion.contentOffset == .zero)
        let moved = driver.scrolled(Self.feed, .changed, touch: 1, rule: .S3, at: Point(x: 200, y: 500), touchStart: p, time: 0.1, start: nil)
        #expect(Self.offsets(moved) == [Point(x: 0, y: 200)], "S3: the finger moved 200 pt up")
        let ended = driver.scrolled(Self.feed, .ended, touch: 1, rule: .S3, at: Point(x: 200, y: 500), touchStart: p, time: 0.3, start: nil)
        guard case let .record(_, .scroll(_, .ended, _, lift)) = ended.first else {
            Issue.record("no ended entry: \(ended)")
            return
        }
        #expect(lift.velocity != nil && lift.target != nil)
    }

    @Test func aFlickSettlesLaterAsATimerAndATouchCatchesIt() {
        var driver = ScrollDriver()
        let p = Point(x: 200, y: 700)
        _ = driver.scrolled(Self.feed, .began, touch: 1, rule: .S1, at: p, touchStart: p, time: 0, start: Self.motion())
        _ = driver.scrolled(Self.feed, .changed, touch: 1, rule: .S3, at: Point(x: 200, y: 600), touchStart: p, time: 0.05, start: nil)
        let ended = driver.scrolled(Self.feed, .ended, touch: 1, rule: .S3, at: Point(x: 200, y: 500), touchStart: p, time: 0.1, start: nil)
        guard case let .record(rule, .scroll(_, .ended, _, lift)) = ended.first, let rest = lift.restsAt else {
            Issue.record("no deceleration: \(ended)")
            return
        }
        #expect(rule == .S5)
        #expect(driver.nextSettle(before: nil)?.due == rest)
        #expect(driver.nextSettle(before: rest) == nil, "not due before its time")
        let moving = driver.moving(at: 0.2)
        #expect(moving.map(\.view) == [Self.feed] && moving[0].offset.y > 200)
        // S5: a touch at 0.2 catches it where it is.
        let caught = driver.scrolled(Self.feed, .began, touch: 2, rule: .S1, at: p, touchStart: p, time: 0.2, start: nil)
        guard case let .record(.S5, .scroll(_, .caught, 2, at)) = caught.first else {
            Issue.record("not caught: \(caught)")
            return
        }
        #expect(at.contentOffset == moving[0].offset)
        #expect(driver.nextSettle(before: nil) == nil, "a caught scroll view no longer settles")
    }

    @Test func settlingStopsAtTheTarget() {
        var driver = ScrollDriver()
        let p = Point(x: 200, y: 700)
        _ = driver.scrolled(Self.feed, .began, touch: 1, rule: .S1, at: p, touchStart: p, time: 0, start: Self.motion())
        _ = driver.scrolled(Self.feed, .changed, touch: 1, rule: .S3, at: Point(x: 200, y: 600), touchStart: p, time: 0.05, start: nil)
        _ = driver.scrolled(Self.feed, .ended, touch: 1, rule: .S3, at: Point(x: 200, y: 500), touchStart: p, time: 0.1, start: nil)
        let stopped = driver.settle(Self.feed)
        guard case let .record(_, .scroll(_, .stopped, nil, motion)) = stopped.first else {
            Issue.record("not stopped: \(stopped)")
            return
        }
        #expect(Self.offsets(stopped) == [motion.contentOffset])
        #expect(driver.settle(Self.feed).isEmpty, "once")
    }
}

@Suite struct ListSelectionTests {
    static let table = 10, cell0 = 11, cell1 = 12
    static func path(_ row: Int) -> CellIndexPath { CellIndexPath(section: 0, item: row) }
    static func list(multiple: Bool = false, selectedRow: Int? = nil) -> ListSelection.List {
        var settings = ListConfig()
        settings.allowsMultipleSelection = multiple
        settings.delegate = "controller"
        var first = CellConfig(indexPath: path(0), indexPathGiven: true)
        var second = CellConfig(indexPath: path(1), indexPathGiven: true)
        first.selected = selectedRow == 0
        second.selected = selectedRow == 1
        return ListSelection.List(view: table, isTable: true, settings: settings, cells: [.init(view: cell0, config: first), .init(view: cell1, config: second)])
    }

    /// The delegate methods and cell states the effects record, in order.
    static func story(_ effects: [SessionEffect]) -> [String] {
        effects.compactMap { effect in
            guard case let .record(_, kind) = effect else { return nil }
            switch kind {
            case let .delegateCall(call): return call.method
            case let .cellState(cell, _, _, property, value): return "\(cell.map(String.init) ?? "-").\(property.rawValue)=\(value)"
            case let .noSelection(_, _, _, reason): return "noSelection \(reason)"
            default: return nil
            }
        }
    }

    @Test func aTapHighlightsThenSelectsAndDeselectsThePreviousRow() {
        var selection = ListSelection()
        selection.add(Self.list(selectedRow: 1))
        #expect(selection.selected(in: Self.table) == [Self.path(1)])
        let began = selection.cellReceived(.began, cell: Self.cell0, list: Self.table, touch: 1, takenBy: nil)
        #expect(Self.story(began) == ["tableView(_:shouldHighlightRowAt:)", "11.highlighted=true", "tableView(_:didHighlightRowAt:)"])
        let ended = selection.cellReceived(.ended, cell: Self.cell0, list: Self.table, touch: 1, takenBy: nil)
        #expect(Self.story(ended) == [
            "tableView(_:willSelectRowAt:)", "11.highlighted=false", "tableView(_:didUnhighlightRowAt:)",
            "tableView(_:willDeselectRowAt:)", "12.selected=false", "tableView(_:didDeselectRowAt:)",
            "11.selected=true", "tableView(_:didSelectRowAt:)",
        ])
        #expect(selection.selected(in: Self.table) == [Self.path(0)])
    }

    @Test func multipleSelectionTogglesARowOff() {
        var selection = ListSelection()
        selection.add(Self.list(multiple: true, selectedRow: 0))
        _ = selection.cellReceived(.began, cell: Self.cell0, list: Self.table, touch: 1, takenBy: nil)
        let ended = selection.cellReceived(.ended, cell: Self.cell0, list: Self.table, touch: 1, takenBy: nil)
        #expect(Self.story(ended).suffix(3) == ["tableView(_:willDeselectRowAt:)", "11.selected=false", "tableView(_:didDeselectRowAt:)"])
        #expect(selection.selected(in: Self.table).isEmpty)
    }

    @Test func aCancelledTouchUnhighlightsAndSaysWhoTookIt() {
        var selection = ListSelection()
        selection.add(Self.list())
        _ = selection.cellReceived(.began, cell: Self.cell1, list: Self.table, touch: 4, takenBy: nil)
        let pan = GestureRecognizerRef(view: Self.table, kind: .scrollPan)
        let cancelled = selection.cellReceived(.cancelled, cell: Self.cell1, list: Self.table, touch: 4, takenBy: pan)
        #expect(Self.story(cancelled) == ["12.highlighted=false", "tableView(_:didUnhighlightRowAt:)", "noSelection scrolled"])
        let tap = GestureRecognizerRef(view: 1, kind: .declared(0))
        #expect(ListSelection.cancelReason(tap) == .recognizer(tap))
    }

    @Test func aTouchTheCellNeverSawIsExplained() {
        var selection = ListSelection()
        selection.add(Self.list())
        let tap = GestureRecognizerRef(view: 1, kind: .declared(0))
        #expect(selection.missedCell(touch: 2, cell: Self.cell0, list: Self.table, blocked: nil, takenBy: tap)
            == [.record(.V2, .noSelection(list: Self.table, cell: Self.cell0, touch: 2, reason: .recognizer(tap)))])
        #expect(selection.missedCell(touch: 2, cell: Self.cell0, list: Self.table, blocked: nil, takenBy: nil).isEmpty)
        _ = selection.cellReceived(.began, cell: Self.cell0, list: Self.table, touch: 3, takenBy: nil)
        #expect(selection.missedCell(touch: 3, cell: Self.cell0, list: Self.table, blocked: .controlInCell(control: 20), takenBy: nil).isEmpty, "the cell saw it")
    }
}

@Suite struct TextFocusTests {
    static let field = 5, other = 6, textView = 7

    @Test func aTapFocusesTheFieldAndThePreviousOneResigns() {
        var focus = TextFocus()
        let effects = focus.focus(Self.other, previous: .view(Self.field), touch: 1) { $0 == Self.field || $0 == Self.other }
        #expect(effects == [
            .record(.F1, .resignFirstResponder(responder: .view(Self.field), next: Self.other, touch: 1)),
            .sendActions(.editingDidEnd, name: "editingDidEnd", from: Self.field, touch: 1, rule: .F1),
            .becomeFirstResponder(view: Self.other),
            .record(.F1, .becomeFirstResponder(view: Self.other, previous: .view(Self.field), touch: 1)),
            .sendActions(.editingDidBegin, name: "editingDidBegin", from: Self.other, touch: 1, rule: .F1),
        ])
        #expect(focus.focusedBy == [1])
        #expect(focus.focus(Self.other, previous: .view(Self.other), touch: 2) { _ in true }.isEmpty, "already first responder")
    }

    @Test func aTextViewSendsNoEditingEventsAndATapElsewhereKeepsTheFocus() {
        var focus = TextFocus()
        let effects = focus.focus(Self.textView, previous: nil, touch: 1) { _ in false }
        #expect(effects == [.becomeFirstResponder(view: Self.textView), .record(.F1, .becomeFirstResponder(view: Self.textView, previous: nil, touch: 1))])
        #expect(focus.kept(touch: 1, hitView: 9, textResponder: Self.textView).isEmpty, "the focusing touch")
        #expect(focus.kept(touch: 2, hitView: 9, textResponder: Self.textView) == [.record(.F2, .firstResponderKept(responder: .view(Self.textView), touch: 2))])
        #expect(focus.kept(touch: 3, hitView: Self.textView, textResponder: Self.textView).isEmpty)
        #expect(focus.kept(touch: 4, hitView: 9, textResponder: nil).isEmpty)
    }
}

@Suite struct BarItemsTests {
    static let bar = 2, itemView = 3
    static let controllers = ["tabs": 0, "home": 1, "settings": 2, "list": 3]
    static func controller(_ id: String) -> Int? { controllers[id] }

    @Test func aTabItemSelectsItsTabAndTellsTheDelegate() {
        var config = BarConfig()
        config.items = [BarItem(id: "homeItem", placement: .item), BarItem(id: "settingsItem", placement: .item)]
        config.items[1].viewController = "settings"
        config.selectedIndex = 0
        config.tabBarController = "tabs"
        config.delegate = "appCoordinator"
        var bars = BarItems()
        let effects = bars.tapped(Self.itemView, bar: Self.bar, barClass: .UITabBar, config: config, item: 1, touch: 1, controller: Self.controller)
        #expect(effects == [
            .record(.B2, .selectTab(bar: Self.bar, item: Self.itemView, index: 1, previous: 0, tabBarController: 0, viewController: 2)),
            .record(.B2, .delegateCall(TouchesTrace.DelegateCall(sender: Self.bar, method: "tabBarController(_:didSelect:)", receiver: "appCoordinator"))),
        ])
        #expect(bars.selectedIndex(of: Self.bar, initially: 0) == 1)
        #expect(bars.tapped(Self.itemView, bar: Self.bar, barClass: .UITabBar, config: config, item: 7, touch: 2, controller: Self.controller).isEmpty)
    }

    @Test func theBackItemPopsAndOtherItemsDoNothingHere() {
        var config = BarConfig()
        config.backItem = BarItem(id: "back", placement: .back)
        config.backItem?.viewController = "list"
        var bars = BarItems()
        #expect(bars.tapped(Self.itemView, bar: Self.bar, barClass: .UINavigationBar, config: config, item: -1, touch: 1, controller: Self.controller)
            == [.record(.B1, .popViewController(bar: Self.bar, item: Self.itemView, viewController: 3))])
        #expect(bars.tapped(Self.itemView, bar: Self.bar, barClass: .UIToolbar, config: config, item: 0, touch: 1, controller: Self.controller).isEmpty)
    }
}

@Suite struct LayoutMarksTests {
    @Test func marksCoalesceAndFlushSuperviewsFirst() {
        var marks = LayoutMarks()
        #expect(marks.isEmpty)
        #expect(marks.mark(8, .boundsOriginChanged) == .record(.L2, .needsLayout(view: 8, reason: .boundsOriginChanged, coalesced: false)))
        #expect(marks.mark(8, .boundsOriginChanged) == .record(.L2, .needsLayout(view: 8, reason: .boundsOriginChanged, coalesced: true)))
        _ = marks.mark(2, .boundsOriginChanged)
        let depths = [8: 3, 2: 1]
        #expect(marks.flush { depths[$0] ?? 0 } == [
            .record(.L3, .layoutSubviews(view: 2, reason: .boundsOriginChanged, marks: 1)),
            .record(.L3, .layoutSubviews(view: 8, reason: .boundsOriginChanged, marks: 2)),
        ])
        #expect(marks.isEmpty)
    }
}
