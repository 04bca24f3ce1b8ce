import Testing
import TestSupport
import TouchTraceEngine
@testable import TouchTraceImport

/// What the engine models, reached through imported documents: tabs (B2), bar button items and
/// back items (B1), static cells' selection (V2), long presses Xcode writes under another name
/// (G1), a freeform controller sized to its window, an embedded one to its container, each tapped at the centre of the view the
/// scene has for it.
@Suite("Imported bars, tabs, cells and recognizers, tapped")
struct IBModelledBehaviourTests {
    static func trace(_ fixture: String, tapping id: String, duration: Double? = nil) throws -> (JSONValue, Scene) {
        let result = try ImportFixtures.importFixture(fixture)
        let scene = try SceneDecoder().decode(try #require(result.scene)).laidOut()
        let view = try #require(scene.viewIndex(id), "\(fixture) has no view \(id)")
        let p = IBImport.windowCenter(of: view, in: scene)
        var body: [(key: String, value: JSONValue)] = []
        if let duration {
            body = [("longPress", .obj(["x": .number(p.x), "y": .number(p.y)])), ("duration", .number(duration))]
        } else {
            body = [("tap", .obj(["x": .number(p.x), "y": .number(p.y)]))]
        }
        let request = try TouchRequest.decode(.object(body))
        return (try TouchTrace.touches(request, in: scene), scene)
    }

    static func entries(_ trace: JSONValue, type: String) -> [JSONValue] {
        guard case let .array(log)? = trace["log"] else { return [] }
        return log.filter { $0["type"] == .string(type) }
    }

    static func actions(_ trace: JSONValue) -> [JSONValue] {
        guard case let .array(list)? = trace["actions"] else { return [] }
        return list
    }

    /// B2: the second tab's item selects it; its controller exists without its view.
    @Test func aTabItemSelectsItsTab() throws {
        let (trace, scene) = try Self.trace("frameReplaced-tab-bar-placeholder-and-tabs.storyboard", tapping: "item:Settings")
        let select = try #require(Self.entries(trace, type: "selectTab").first)
        #expect(select["selectedIndex"] == .number(1))
        #expect(select["viewController"] == "SettingsViewController")
        #expect(select["tabBarController"] == "MainTabsController")
        #expect(Self.entries(trace, type: "delegate").contains { $0["method"] == "tabBarController(_:didSelect:)" })
        // The tab bar is at the bottom (its 1000 × 1000 placeholder replaced), the first tab's
        // button below the status bar is tapped as the app runs.
        let bar = try #require(scene.viewIndex("tabBar"))
        #expect(scene.views[bar].frame == Rect(x: 0, y: 618, width: 375, height: 49))
        let (refresh, _) = try Self.trace("frameReplaced-tab-bar-placeholder-and-tabs.storyboard", tapping: "Refresh")
        #expect(Self.actions(refresh).first?["action"] == "refresh:")
        #expect(Self.actions(refresh).first?["target"] == "HomeViewController")
    }

    /// B1: a navigation controller's bar shows its root controller's items; the right item sends
    /// its action, the left item's presentation segue names what it presents.
    @Test func barButtonItemsSendTheirActions() throws {
        let (compose, _) = try Self.trace("B1-navigation-controller-bar-items.storyboard", tapping: "item:add")
        #expect(Self.actions(compose).first?["action"] == "compose:")
        #expect(Self.actions(compose).first?["target"] == "InboxViewController")
        let (filters, _) = try Self.trace("B1-navigation-controller-bar-items.storyboard", tapping: "item:Filters")
        #expect(Self.actions(filters).first?["action"] == "present:Filters")
        #expect(Self.actions(filters).first?["target"] == "InboxViewController")
    }

    /// B1, V2, S4: a pushed table view controller gets a navigation bar with a back item that pops
    /// it; its static cells select by section and row, its controller told as the delegate; the
    /// table starts below the bar (its adjusted content inset).
    @Test func aPushedTableHasABackItemAndSelectsItsStaticCells() throws {
        let fixture = "V2-static-cells-pushed-below-a-navigation-bar.storyboard"
        let (back, _) = try Self.trace(fixture, tapping: "SettingsTableViewController.back")
        let pop = try #require(Self.entries(back, type: "popViewController").first)
        #expect(pop["viewController"] == "SettingsTableViewController")
        let (licenses, scene) = try Self.trace(fixture, tapping: "Licenses")
        let didSelect = Self.entries(licenses, type: "delegate").first { $0["method"] == "tableView(_:didSelectRowAt:)" }
        #expect(didSelect?["receiver"] == "SettingsTableViewController")
        #expect(didSelect?["indexPath"] == .obj(["section": .number(1), "row": .number(0)]))
        // The first row is below the 64 pt of status and navigation bar.
        let profile = try #require(scene.viewIndex("Profile"))
        #expect(IBImport.windowCenter(of: profile, in: scene).y > 64)
    }

    /// G1: `pongPressGestureRecognizer` (Xcode's spelling) is a long press that sends its action.
    @Test func aPongPressIsALongPress() throws {
        let (trace, _) = try Self.trace("G1-long-press-written-pongPress.storyboard", tapping: "Photo", duration: 0.8)
        #expect(Self.actions(trace).first?["action"] == "savePhoto:")
        #expect(Self.actions(trace).first?["target"] == "PhotoViewController")
    }

    /// A freeform 800 × 40 controller is sized to its window as the app runs: its trailing
    /// button is inside the window and a tap reaches it.
    @Test func aFreeformControllerFitsItsWindow() throws {
        let (trace, scene) = try Self.trace("frameReplaced-freeform-root-view.storyboard", tapping: "Clear")
        #expect(Self.actions(trace).first?["action"] == "clearFilters:")
        let clear = try #require(scene.viewIndex("Clear"))
        #expect(IBImport.windowCenter(of: clear, in: scene).x < 375)
    }

    /// L5-freeform-root-between-opaque-bars: as the app runs, a freeform root under an opaque
    /// navigation bar gets the space any root gets there (UIKit's `edgesForExtendedLayout` with
    /// `extendedLayoutIncludesOpaqueBars` false): below the bar, 375 x 603, and the button pinned
    /// to its top layout guide is not pushed down by the bar a second time. `frameReplaced`
    /// gives that size.
    @Test func aFreeformRootUnderAnOpaqueBarStartsBelowIt() throws {
        let name = "L5-freeform-root-between-opaque-bars.storyboard"
        let (result, scene) = try ImportFixtures.laidOut(name, canvas: false)
        let root = try #require(scene.viewIndex("ListController.view"))
        #expect(scene.views[root].frame == Rect(x: 0, y: 64, width: 375, height: 603))
        let filter = try #require(scene.viewIndex("Filter"))
        #expect(scene.views[filter].frame == Rect(x: 20, y: 30, width: 80, height: 40))
        let replaced = result.warnings.filter { $0.kind == .frameReplaced }.map(\.message)
        #expect(replaced.count == 1 && replaced.allSatisfy { $0.contains("opaque top bar (") && $0.hasSuffix("375 × 603") }, "\(replaced)")
        // An app extension's root: the host sizes it, and the warning says so.
        let (extensionResult, _) = try ImportFixtures.laidOut("frameReplaced-app-extension-root-sized-by-its-host.storyboard", canvas: false)
        let messages = extensionResult.warnings.filter { $0.kind == .frameReplaced }.map(\.message)
        #expect(messages.count == 1 && messages.allSatisfy { $0.contains("the host sizes it") }, "\(messages)")
    }

    /// An embedded controller imported on its own is its container view's size as the app runs
    /// (UIKit's embed segue), not the window's: its button, pinned 16 pt above the bottom, lies
    /// inside the 240 pt container's height and a tap reaches it; the root's safe area is where
    /// the container overlaps the screen's unsafe edges (none, 400 pt down).
    @Test func anEmbeddedControllerHasItsContainersSize() throws {
        let (trace, scene) = try Self.trace("frameReplaced-embedded-controller-sized-to-its-container.storyboard", tapping: "Confirm-button")
        #expect(Self.actions(trace).first?["action"] == "confirm:")
        let root = try #require(scene.viewIndex("SummaryViewController.view"))
        #expect(scene.views[root].frame == Rect(x: 0, y: 0, width: 335, height: 240))
        let confirm = try #require(scene.viewIndex("Confirm-button"))
        #expect(scene.views[confirm].frame == Rect(x: 16, y: 190, width: 303, height: 34))
    }

    /// An equal-priority tie (a declared 750 against the button's compression resistance 750)
    /// leaves the button's frame undetermined: the layout TouchTrace picks gives it a negative
    /// height outside its form, and the import's `unreachableControl` warning says the frame is
    /// not determined by the constraints and names the button, as Apple's Auto Layout Guide
    /// describes such ties ("Ambiguous Layouts").
    @Test func anEqualPriorityTieIsWarnedUndetermined() throws {
        let result = try ImportFixtures.importFixture("unreachableControl-equal-priority-tie-leaves-its-frame-undetermined.xib")
        let warning = try #require(result.warnings.first { $0.kind == .unreachableControl })
        #expect(warning.sourceID == "save")
        #expect(warning.message.contains("its constraints leave the frame of \"Save\" undetermined"))
    }

    /// L6: a placeholder constraint stands for the one the app makes in code. As the app runs it
    /// is kept (with `layoutApproximated`): the panel reaches the safe area's bottom and its
    /// button gets the tap; without it the panel had no height and the button was outside it
    /// (H4). On the canvas it is kept too, without a warning: the panel fills the screen as
    /// Xcode stored it.
    @Test func aPlaceholderConstraintStandsForTheCodes() throws {
        let name = "layoutApproximated-placeholder-constraint-kept-as-a-stand-in.storyboard"
        let (trace, scene) = try Self.trace(name, tapping: "Send")
        #expect(Self.actions(trace).first?["action"] == "send:")
        #expect(Self.actions(trace).first?["target"] == "FeedbackViewController")
        let panel = try #require(scene.viewIndex("Panel"))
        #expect(scene.views[panel].frame == Rect(x: 0, y: 20, width: 375, height: 647))
        let result = try ImportFixtures.importFixture(name)
        #expect(result.warnings.filter { $0.kind == .layoutApproximated }.map(\.sourceID) == ["keyboardPlaceholder"])
        #expect(!result.warnings.contains { $0.kind == .unreachableControl })
        let (canvas, laidOut) = try ImportFixtures.laidOut(name, canvas: true)
        #expect(!canvas.warnings.contains { $0.kind == .layoutApproximated })
        let canvasPanel = try #require(laidOut.viewIndex("Panel"))
        #expect(laidOut.views[canvasPanel].frame == Rect(x: 0, y: 0, width: 375, height: 667))
    }

    /// L6: a placeholder intrinsic size is Interface Builder's design-time stand-in. As the app
    /// runs the view's class decides (a custom class's `intrinsicContentSize`; a plain UIView has
    /// none, the content the code adds does): the placeholder stands in, as a placeholder
    /// constraint does, and `layoutApproximated` says so for each subview that has one (not for
    /// the top-level view, which its window sizes). On the canvas it is Xcode's, unwarned.
    @Test func aPlaceholderIntrinsicSizeStandsInAsTheAppRuns() throws {
        let name = "layoutApproximated-placeholder-intrinsic-size-stands-in-as-the-app-runs.xib"
        for canvas in [false, true] {
            let (result, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            let warned = result.warnings.filter { $0.kind == .layoutApproximated }.map(\.sourceID)
            #expect(warned == (canvas ? [] : ["rating", "rows"]), "canvas: \(canvas)")
            let rating = try #require(scene.viewIndex("Rating"))
            #expect(scene.views[rating].frame == Rect(x: 16, y: 40, width: 343, height: 30))
            let rows = try #require(scene.viewIndex("Rows"))
            #expect(scene.views[rows].frame == Rect(x: 0, y: 86, width: 375, height: 120))
            let pay = try #require(scene.viewIndex("Pay"))
            #expect(scene.views[pay].frame.minY == 222)
        }
    }

    /// A freeform xib view smaller than the screen is laid out, as the app runs, at its stored
    /// size without a safe-area inset: a stand-in for where the app's code adds it. A conflict
    /// that only this placement makes (a header pinned both to the safe area and 44 pt below the
    /// view's top, as Xcode's canvas with the sensor housing shows it) is `layoutApproximated`,
    /// naming the broken constraint, not an `unsatisfiableConstraint` UIKit would log; on the
    /// canvas both hold and nothing is said (tinode's message bar, openfoodfacts' header, goma's
    /// sign-up screen). Beside it, the eighth pass's rule says that the view's safe area is the
    /// app's placement's (`layoutApproximated-freeform-xib-view-safe-area`).
    @Test func aFreeformXibViewsConflictWithItsStandInPlacementIsApproximated() throws {
        let name = "layoutApproximated-freeform-xib-view-conflicts-only-where-the-import-places-it.xib"
        let (app, _) = try ImportFixtures.laidOut(name, canvas: false)
        #expect(!app.warnings.contains { $0.kind == .unsatisfiableConstraint })
        let said = app.warnings.filter { $0.kind == .layoutApproximated }
        #expect(said.count == 2)
        #expect(said.filter { $0.message.contains("constraint c4") }.count == 1)
        #expect(said.filter { $0.message.contains("how that controller is presented decides the view's size and safe area") }.count == 1)
        let (canvas, laidOut) = try ImportFixtures.laidOut(name, canvas: true)
        #expect(!canvas.warnings.contains { $0.kind == .unsatisfiableConstraint || $0.kind == .layoutApproximated })
        let header = try #require(laidOut.viewIndex("Header"))
        #expect(laidOut.views[header].frame.minY == 44)
    }

    /// `layoutApproximated-freeform-xib-view-safe-area`, as the app runs: a freeform xib view tied
    /// to its own safe area is laid out at its stored size with no inset, and the warning says
    /// who decides that safe area — the code that adds a plain view, or, for the root view of the
    /// controller File's Owner is (its `view` outlet, R1), how the app presents that controller,
    /// named by its class. Nothing is said on a notched device's canvas, where Xcode's housing
    /// inset is applied (the fourth pass's rule).
    @Test func aFreeformXibViewsSafeAreaNamesWhoDecidesIt() throws {
        let plain = "layoutApproximated-freeform-xib-view-safe-area-decided-where-the-app-adds-it.xib"
        let (banner, _) = try ImportFixtures.laidOut(plain, canvas: false)
        let bannerSaid = banner.warnings.filter { $0.kind == .layoutApproximated }
        #expect(bannerSaid.map(\.sourceID) == ["banner"])
        #expect(bannerSaid.first?.message.contains("where the code that adds it places it decides that safe area") == true)

        let owned = "layoutApproximated-freeform-xib-view-safe-area-of-a-controllers-view-decided-by-its-presentation.xib"
        let (sheet, scene) = try ImportFixtures.laidOut(owned, canvas: false)
        let sheetSaid = sheet.warnings.filter { $0.kind == .layoutApproximated }
        #expect(sheetSaid.count == 1)
        #expect(sheetSaid.first?.message.contains("root view of File's Owner (TipJarViewController)") == true)
        #expect(sheetSaid.first?.message.contains("how that controller is presented decides the view's size and safe area") == true)
        // Laid out at its stored size with no inset: the button 20 pt above the view's bottom.
        let close = try #require(scene.viewIndex("Close"))
        #expect(scene.views[close].frame.maxY == 280)
        let (canvas, _) = try ImportFixtures.laidOut(owned, canvas: true)
        #expect(!canvas.warnings.contains { $0.kind == .layoutApproximated })
    }

    /// L6 (layout margins): a cell that shows an accessory has 8 pt of trailing margin in its
    /// content view, a cell without one keeps the table's: 20 in a document of Xcode 26 (measured on
    /// the corpus: docs/import-ib.md, "Layout margins"), 16 in one of Xcode 9, tools version 13771
    /// (L6-cell-accessory-trailing-margin-before-xcode26).
    @Test(arguments: [
        ("L6-cell-accessory-trailing-margin-xcode26.storyboard", [("Units-value", "unitsContent", 8.0), ("Version-value", "versionContent", 20.0)]),
        ("L6-cell-accessory-trailing-margin-before-xcode26.storyboard", [("News-count", "newsContent", 8.0), ("Version-value", "versionContent", 16.0)]),
    ])
    func aCellWithAnAccessoryHasAnEightPointTrailingMargin(_ name: String, _ cells: [(String, String, Double)]) throws {
        let (result, scene) = try ImportFixtures.laidOut(name, canvas: true)
        for (value, content, margin) in cells {
            let v = try #require(scene.viewIndex(value))
            let contentID = try #require(result.ids.first { $0.value == content }?.key)
            let c = try #require(scene.viewIndex(contentID))
            #expect(scene.views[v].frame.maxX == scene.views[c].frame.size.width - margin, "\(name): \(value)")
        }
    }

    /// L6 (layout margins): a table that is its controller's root view has the root's system
    /// minimum margins, 20 pt at the sides on a 414 pt screen, and its cells' content views take
    /// them; a table laid in a root view keeps the cells' 16 on the same screen (rule
    /// L6-cell-margins-of-a-controller-s-root-table-follow-the-system-minimum). In documents of
    /// Xcode 9.3 to 11 (tools versions 13000 to 16999) the cells of a table laid in a root view
    /// have 15 pt side margins, where Xcode 12 and later store 16, and a root table's still the
    /// root's system minimum, 16 on a 375 pt screen (rule L6-cell-margins-15-before-xcode-12;
    /// measured: docs/import-ib.md, "Cell margins of 15 pt before Xcode 12").
    @Test(arguments: [
        ("L6-cell-margins-of-a-controller-s-root-table-follow-the-system-minimum.storyboard", "rootListScene", "Root-title", 20.0, 414.0),
        ("L6-cell-margins-of-a-controller-s-root-table-follow-the-system-minimum.storyboard", "embeddedListScene", "Embedded-title", 16.0, 414.0),
        ("L6-cell-margins-15-before-xcode-12.storyboard", "rootListScene", "Root-title", 16.0, 375.0),
        ("L6-cell-margins-15-before-xcode-12.storyboard", "embeddedListScene", "Embedded-title", 15.0, 375.0),
    ])
    func cellsHaveTheirTablesMargins(_ name: String, _ unit: String, _ title: String, _ margin: Double, _ width: Double) throws {
        for canvas in [true, false] {
            var options = try ImportFixtures.options(name)
            options.scene = unit
            options.canvas = canvas
            let result = try Importer.importDocument(try ImportFixtures.bytes(name), format: .storyboard, options: options)
            let scene = try SceneDecoder().decode(try #require(result.scene)).laidOut()
            let v = try #require(scene.viewIndex(title))
            #expect(scene.views[v].frame.minX == margin, "\(name) \(unit), canvas \(canvas)")
            #expect(scene.views[v].frame.maxX == width - margin, "\(name) \(unit), canvas \(canvas)")
        }
    }

    /// L6-cell-margins-of-a-table-laid-in-a-root-view-with-safe-areas: in a document with
    /// safe-area layout guides a table laid in a controller's root view gives its cells the
    /// root's system minimum, 20 pt on a 414 pt screen, under Xcode 10.2 (14490.70, nRF
    /// Toolbox's) as under Xcode 13 (22154, Threema's); the same document without safe-area
    /// guides (the table pinned to the root's edges, as iNaturalist's) keeps the era's margin:
    /// 15 pt under Xcode 9.3 to 11, 16 from Xcode 12.
    @Test(arguments: [("14490.70", true, 20.0), ("22154", true, 20.0), ("14490.70", false, 15.0), ("22154", false, 16.0)])
    func aTableLaidInARootViewWithSafeAreasGivesItsCellsTheSystemMinimum(_ tools: String, _ safeAreas: Bool, _ side: Double) throws {
        let name = "L6-cell-margins-of-a-table-laid-in-a-root-view-with-safe-areas.storyboard"
        var text = String(decoding: try ImportFixtures.bytes(name), as: UTF8.self)
            .replacingOccurrences(of: "toolsVersion=\"14490.70\"", with: "toolsVersion=\"\(tools)\"")
        if !safeAreas {
            text = text.replacingOccurrences(of: "useSafeAreas=\"YES\" ", with: "")
                .replacingOccurrences(of: "<viewLayoutGuide key=\"safeArea\" id=\"serviceSafe\"/>", with: "")
                .replacingOccurrences(of: "serviceSafe", with: "serviceRoot")
        }
        for canvas in [true, false] {
            let (_, scene) = try ImportFixtures.laidOut(name, canvas: canvas, document: Array(text.utf8))
            let service = try #require(scene.viewIndex("Service-name"))
            let code = try #require(scene.viewIndex("Service-code"))
            let content = try #require(scene.views[service].parent)
            #expect(scene.views[service].frame.minX == side, "tools \(tools), safe areas \(safeAreas), canvas \(canvas)")
            #expect(scene.views[code].frame.maxX == scene.views[content].frame.size.width - side, "tools \(tools), safe areas \(safeAreas), canvas \(canvas)")
        }
    }

    /// L6-cell-margins-15-before-xcode-12, a freestanding xib cell: 15 pt at the sides and 11 at
    /// the top under tools version 16096, as stored; the same document saved by Xcode 12 (17701)
    /// gets 16 at the sides.
    @Test(arguments: [("16096", 15.0), ("17701", 16.0)])
    func aFreestandingCellsMarginsFollowTheToolsVersion(_ tools: String, _ side: Double) throws {
        let name = "L6-cell-margins-15-before-xcode-12-freestanding-cell.xib"
        let text = String(decoding: try ImportFixtures.bytes(name), as: UTF8.self)
            .replacingOccurrences(of: "toolsVersion=\"16096\"", with: "toolsVersion=\"\(tools)\"")
        let (_, scene) = try ImportFixtures.laidOut(name, canvas: true, document: Array(text.utf8))
        let sensor = try #require(scene.viewIndex("Sensor-name"))
        let badge = try #require(scene.viewIndex("Reading-badge"))
        #expect(scene.views[sensor].frame.minX == side, "tools \(tools)")
        #expect(scene.views[sensor].frame.minY == 11, "tools \(tools)")
        #expect(scene.views[badge].frame.maxX == 320 - side, "tools \(tools)")
    }

    /// L6-freestanding-cell-margins-read-off-stored-frames: a freestanding cell of Xcode 9.3 to 11
    /// gets the side margin its stored frames show (20 pt here, as RileyLink's 600 pt cells;
    /// MAGE's are at 16, OctoPod's at 15); frames that imply no known value (the title moved to
    /// 17 + 4) leave the era's 15, and the import says it guessed; Xcode 12 (17701) gives 16
    /// whatever the frames.
    @Test(arguments: [("14092", 24.0, 24.0, 20.0), ("14092", 21.0, 19.0, 15.0), ("17701", 24.0, 20.0, 16.0)])
    func aFreestandingCellsMarginsAreReadOffItsStoredFrames(_ tools: String, _ storedX: Double, _ titleX: Double, _ side: Double) throws {
        let name = "L6-freestanding-cell-margins-read-off-stored-frames.xib"
        let text = String(decoding: try ImportFixtures.bytes(name), as: UTF8.self)
            .replacingOccurrences(of: "toolsVersion=\"14092\"", with: "toolsVersion=\"\(tools)\"")
            .replacingOccurrences(of: "<rect key=\"frame\" x=\"24\" y=\"11\"", with: "<rect key=\"frame\" x=\"\(Int(storedX))\" y=\"11\"")
        let (result, scene) = try ImportFixtures.laidOut(name, canvas: true, document: Array(text.utf8))
        let title = try #require(scene.viewIndex("Setting-title"))
        let field = try #require(scene.viewIndex("Setting-field"))
        #expect(scene.views[title].frame.minX == titleX, "tools \(tools), stored \(storedX)")
        #expect(scene.views[field].frame.maxX == 600 - side, "tools \(tools), stored \(storedX)")
        // The guess (frames that imply no measured value) is said; a value read off them is not.
        let said = result.warnings.filter { $0.kind == .layoutApproximated && $0.message.contains("is a freestanding cell saved by Xcode 9.3 to 11") }
        #expect(said.map(\.sourceID) == (tools == "14092" && storedX == 21 ? ["cell"] : []), "\(result.warnings.map(\.message))")
    }

    /// B2: a controller pushed with `hidesBottomBarWhenPushed` shows no tab bar, nor does one
    /// pushed after it ("the bottom bar remains hidden until the view controller is popped"):
    /// their safe areas reach the bottom of the screen and a button there gets the tap.
    @Test func aControllerThatHidesTheBottomBarHasNoTabBar() throws {
        try Self.expectBottomButton(
            "B2-hides-bottom-bar-when-pushed.storyboard", tapping: "Pay", sends: "pay:", otherUnits: [("receiptScene", "Done", 619)])
    }

    /// Taps the bottom button `id` of a fixture's unit (its options' scene), which must send
    /// `action` from the frame (20, 619, 335, 44) of a safe area without a tab bar, then imports
    /// each other unit and checks its button's top.
    static func expectBottomButton(_ name: String, tapping id: String, sends action: String, otherUnits: [(String, String, Double)]) throws {
        let (trace, scene) = try trace(name, tapping: id)
        #expect(actions(trace).first?["action"] == .string(action))
        let button = try #require(scene.viewIndex(id))
        #expect(scene.views[button].frame == Rect(x: 20, y: 619, width: 335, height: 44))
        for (unit, other, y) in otherUnits {
            var options = try ImportFixtures.options(name)
            options.scene = unit
            let result = try Importer.importDocument(try ImportFixtures.bytes(name), format: .storyboard, options: options)
            let laidOut = try SceneDecoder().decode(try #require(result.scene)).laidOut()
            let v = try #require(laidOut.viewIndex(other))
            #expect(laidOut.views[v].frame.minY == y, "\(unit)")
        }
    }

    /// B2: a navigation controller whose root is a tab bar controller pushes a tab's `show`
    /// segue onto its own stack, whose top controller replaces the whole tab bar interface: the
    /// pushed controller has no tab bar (its safe area reaches the screen's bottom, and its
    /// button there gets the tap), while the tab itself keeps the tab bar's 49 pt.
    @Test func aPushOverATabBarControllerLeavesItsTabBar() throws {
        try Self.expectBottomButton(
            "B2-push-over-a-tab-bar-controller-leaves-its-tab-bar.storyboard", tapping: "Clear", sends: "clear:",
            otherUnits: [("toolsScene", "Open-log", 667 - 49 - 4 - 44)])
    }

    /// V5: a segue from a cell is performed when the row is selected: the selection action goes
    /// to the scene's controller (a storyboard segue's `performSegue(withIdentifier:sender:)`),
    /// after the row is selected and before the delegate's `didSelect`; a segue triggered by the
    /// accessory button is not sent by a selection (and is said not modelled).
    @Test func aCellSeguePerformsWhenTheRowIsSelected() throws {
        let name = "V5-cell-segue-performed-on-selection.storyboard"
        let (soup, _) = try Self.trace(name, tapping: "Soup")
        let sent = Self.actions(soup)
        #expect(sent.count == 1)
        #expect(sent.first?["sender"] == "Soup")
        #expect(sent.first?["action"] == "show:Recipe")
        #expect(sent.first?["target"] == "RecipesViewController")
        #expect(sent.first?["event"] == "selection")
        guard case let .array(log)? = soup["log"] else {
            Issue.record("no log")
            return
        }
        let segueAt = log.firstIndex { $0["type"] == "action" }
        let selectedAt = log.firstIndex { $0["type"] == "cellState" && $0["property"] == "selected" }
        let didSelectAt = log.firstIndex { $0["type"] == "delegate" && $0["method"] == "tableView(_:didSelectRowAt:)" }
        #expect(segueAt != nil && selectedAt != nil && didSelectAt != nil)
        if let segueAt, let selectedAt, let didSelectAt {
            #expect(selectedAt < segueAt && segueAt < didSelectAt, "selected, then the segue, then didSelect")
        }
        let (bread, _) = try Self.trace(name, tapping: "Bread")
        #expect(Self.actions(bread).map { $0["action"] } == ["present:TimerViewController"])
        let result = try ImportFixtures.importFixture(name)
        #expect(result.warnings.filter { $0.kind == .behaviourNotModelled }.map(\.sourceID) == ["sg3"])
    }

    /// A scrolling text view that no constraint sizes keeps the size Xcode's canvas shows as the
    /// stand-in for what the app's code decides (UIKit gives it no intrinsic size), said with
    /// `layoutApproximated` as the app runs; the button below it is where Xcode stored it.
    @Test func aScrollingTextViewKeepsItsCanvasSize() throws {
        let name = "layoutApproximated-scrolling-text-view-kept-at-its-canvas-size.xib"
        let (trace, scene) = try Self.trace(name, tapping: "Call")
        if case let .array(touches)? = trace["touches"] { #expect(touches.first?["hitView"] == "Call") }
        let steps = try #require(scene.viewIndex("Steps"))
        #expect(scene.views[steps].frame == Rect(x: 0, y: 28.5, width: 343, height: 128))
        let call = try #require(scene.viewIndex("Call"))
        #expect(scene.views[call].frame.minY == 164.5)
        let result = try ImportFixtures.importFixture(name)
        #expect(result.warnings.filter { $0.kind == .layoutApproximated }.map(\.sourceID) == ["steps"])
        let canvas = try ImportFixtures.importFixture(name, canvas: true)
        #expect(!canvas.warnings.contains { $0.kind == .layoutApproximated })
    }

    /// L6-scroll-view-frame-layout-guide-edges-are-the-frame: a view pinned by its four edges to
    /// a scroll view's `frameLayoutGuide` is the scroll view's frame (UIKit's documentation of
    /// `frameLayoutGuide`), not a zero-sized content area that it would set itself; a view pinned
    /// to the `contentLayoutGuide` that only takes the frame guide's width sets the content size.
    @Test func aScrollViewsFrameGuideEdgesAreItsFrame() throws {
        let name = "L6-scroll-view-frame-layout-guide-edges-are-the-frame.storyboard"
        for canvas in [true, false] {
            let (_, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            func frame(_ id: String) throws -> Rect { scene.views[try #require(scene.viewIndex(id))].frame }
            #expect(try frame("Pages") == Rect(x: 0, y: 44, width: 414, height: 818))
            #expect(try frame("Page") == Rect(x: 0, y: 0, width: 414, height: 818))
            #expect(try frame("Band") == Rect(x: 0, y: 0, width: 414, height: 1200))
        }
    }

    /// `layoutAmbiguous`: one warning per imported scene where the first layout leaves visible
    /// views undetermined, naming the first and the count, and saying whether Xcode marks one
    /// (or an ancestor) ambiguous; the same nested stacks made `fillEqually` are determined and
    /// not warned, on the canvas and as the app runs.
    @Test func anAmbiguousLayoutIsWarnedOncePerSceneADeterminedOneNot() throws {
        for canvas in [true, false] {
            let loose = try ImportFixtures.importFixture("layoutAmbiguous-nested-stacks-of-unsized-views.xib", canvas: canvas)
            let said = loose.warnings.filter { $0.kind == .layoutAmbiguous }
            #expect(said.map(\.sourceID) == ["header"], "\(said.map(\.message))")
            #expect(said.first?.message.contains("and 3 other views") == true)
            #expect(said.first?.message.contains("Xcode does not mark it ambiguous") == true)
            let marked = try ImportFixtures.importFixture("layoutAmbiguous-xcode-marks-the-stack-ambiguous.xib", canvas: canvas)
            #expect(marked.warnings.filter { $0.kind == .layoutAmbiguous }.first?.message.contains("Xcode marks <stackView id=\"card\"> ambiguous too") == true)
            let determined = try ImportFixtures.importFixture("L6-layout-determined-nested-stacks-not-warned-ambiguous.xib", canvas: canvas)
            #expect(!determined.warnings.contains { $0.kind == .layoutAmbiguous })
            // An equal-spacing stack whose length nothing pins: determined by the engine's
            // `UISV-canvas-fit` along the axis (rule L6-stack-equal-spacing-canvas-fit), as by UIKit.
            let spaced = try ImportFixtures.importFixture("L6-equal-spacing-stack-of-unpinned-length-not-warned-ambiguous.xib", canvas: canvas)
            #expect(!spaced.warnings.contains { $0.kind == .layoutAmbiguous })
            // A view arranged in an equal-spacing stack with no length of its own along the axis (a
            // UIView's, or a custom class's, which the document cannot state): the stack's canvas fit
            // determines it (none), so it is not ambiguous; that its length is a guess is said.
            let unsized = try ImportFixtures.importFixture("layoutApproximated-equal-spacing-stack-of-a-view-without-a-length.xib", canvas: canvas)
            #expect(!unsized.warnings.contains { $0.kind == .layoutAmbiguous })
            let guessed = unsized.warnings.filter { $0.kind == .layoutApproximated }
            #expect(guessed.map(\.sourceID) == ["hint"], "\(guessed.map(\.message))")
            #expect(guessed.first?.message.contains("NoteView's intrinsicContentSize decides it, which the document does not state") == true)
        }
    }

    /// A root view that preserves its superview's margins: its superview as the app runs is the
    /// window or a container UIKit adds, whose margins the document does not state, so the
    /// import's (UIView's 8 measured from the screen's unsafe edges, rule
    /// L6-root-superview-margins-inset-from-the-safe-area) is said, in the navigation controller's
    /// scene and in the root's own, on the canvas and not; the button pinned to the root's bottom
    /// margin sits 42 pt above the screen's bottom (34 of the home indicator and 8), where the
    /// document stores it (before the rule: 34, the root's own).
    @Test func aRootPreservingItsSuperviewsMarginsSaysTheyAreNotStated() throws {
        let name = "layoutApproximated-root-view-preserving-the-superview-s-margins.storyboard"
        for canvas in [true, false] {
            let (result, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            let button = try #require(result.ids.first { $0.value == "btn-aa-aaa" }?.key)
            let frame = try #require(scene.viewIndex(button).map { scene.views[$0].frame })
            let root = try #require(result.ids.first { $0.value == "root-aa-aaa" }?.key)
            let rootFrame = try #require(scene.viewIndex(root).map { scene.views[$0].frame })
            #expect(rootFrame.size.height - frame.maxY == 42, "\(frame) in \(rootFrame)")
            #expect(frame.size == Size(width: 374, height: 51))
        }
        for canvas in [true, false] {
            for scene in [nil, "scn-bb-bbb"] {
                var options = try ImportFixtures.options(name)
                options.canvas = canvas
                options.scene = scene
                let result = try Importer.importDocument(try ImportFixtures.bytes(name), format: .storyboard, options: options)
                let said = result.warnings.filter { $0.kind == .layoutApproximated && $0.message.hasPrefix("preservesSuperviewLayoutMargins: the view preserves") }
                #expect(said.map(\.sourceID) == ["root-aa-aaa"], "\(result.warnings.map(\.message))")
            }
        }
    }

    /// Warning layoutApproximated-a-document-without-a-device-states-no-unsafe-edges (the
    /// twenty-seventh round: Zap's wallet, tools 15400): a storyboard that uses safe areas but
    /// states no device does not say which screen its canvas showed. The scene whose root's
    /// safe-area top a constraint reads says the 20 pt status bar it is laid out under (its header
    /// at y 30, where the document stores it), on the canvas and as the app runs; the scene that
    /// reads no safe-area edge says nothing of it.
    @Test func aDocumentWithoutADeviceSaysItsUnsafeEdgesAreNotInTheFile() throws {
        let name = "layoutApproximated-a-document-without-a-device-states-no-unsafe-edges.storyboard"
        for canvas in [true, false] {
            let (result, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            let said = result.warnings.filter { $0.kind == .layoutApproximated }
            #expect(said.map(\.sourceID) == ["root-aa-aaa"], "\(said.map(\.message))")
            #expect(said.first?.message.contains("the document states no device") == true)
            #expect(said.first?.message.contains("under a 20 pt status bar and without a home indicator") == true)
            #expect(said.first?.message.contains("safe area's top follow") == true)
            let header = try #require(result.ids.first { $0.value == "hdr-aa-aaa" }?.key)
            let frame = try #require(scene.viewIndex(header).map { scene.views[$0].frame })
            #expect(frame.origin.y == 30, "\(frame)")
            var options = try ImportFixtures.options(name)
            options.canvas = canvas
            options.scene = "scn-bb-bbb"
            let other = try Importer.importDocument(try ImportFixtures.bytes(name), format: .storyboard, options: options)
            #expect(!other.warnings.contains { $0.kind == .layoutApproximated }, "\(other.warnings.map(\.message))")
        }
    }

    /// Rule L6-scroll-content-preserves-the-scroll-view-s-side-margins: a scroll view's content
    /// that preserves its superview's margins takes the scroll view's at the sides where it does
    /// not scroll sideways (UIKit's `preservesSuperviewLayoutMargins` makes no exception for scroll
    /// views; eRouska's two scroll screens, the twenty-sixth round, store their content on the
    /// scroll view's 20 pt). On the canvas the top-level view's 20 pt reach the scroll views: the
    /// preserving content's label at 20, the other content's at its own 8, and the content 800 pt
    /// wide (scrolling sideways) at 20 on the leading side and its own 8 on the trailing side; as
    /// the app runs the top-level view has UIView's 8 and every label is at 8. Said where the
    /// margins were raised, with what stays the content's own.
    @Test func scrollContentPreservingTheScrollViewsMarginsTakesThemAtTheSides() throws {
        let name = "L6-scroll-content-preserves-the-scroll-view-s-side-margins.xib"
        for canvas in [true, false] {
            let (result, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            let said = result.warnings.filter { $0.kind == .layoutApproximated && $0.message.contains("a scroll view's content") }
            #expect(said.compactMap(\.sourceID).sorted() == (canvas ? ["content-a", "content-c"] : []), "\(result.warnings.map(\.message))")
            #expect(said.allSatisfy { $0.message.contains("its top and bottom margins stay its own") })
            let side = canvas ? 20.0 : 8
            for (id, x, width) in [("label-a", side, 414 - 2 * side), ("label-b", 8, 398), ("label-c", side, 800 - side - 8)] {
                let label = try #require(result.ids.first { $0.value == id }?.key)
                let frame = try #require(scene.viewIndex(label).map { scene.views[$0].frame })
                #expect(frame.origin.x == x && frame.size.width == width, "\(id), canvas: \(canvas): \(frame)")
            }
        }
    }

    /// Image views that show an SF Symbol and that no constraint sizes take their size and
    /// alignment insets from the symbol's glyph and configuration, which the document does not
    /// record: one `layoutApproximated` per imported scene names the first and counts the others;
    /// the same row with width and height constraints is silent.
    @Test func symbolImageViewsSizedByTheirSymbolsAreSaidOncePerScene() throws {
        for canvas in [true, false] {
            let loose = try ImportFixtures.importFixture("layoutApproximated-symbol-image-views-sized-by-their-symbols.xib", canvas: canvas)
            let said = loose.warnings.filter { $0.kind == .layoutApproximated }
            #expect(said.map(\.sourceID) == ["sym-0"], "\(said.map(\.message))")
            #expect(said.first?.message.contains("no constraint of the document sets its width or height (and 2 other symbol image views") == true)
            #expect(said.first?.line == 14)
            let sized = try ImportFixtures.importFixture("L6-symbol-image-views-sized-by-constraints-not-warned.xib", canvas: canvas)
            #expect(!sized.warnings.contains { $0.kind == .layoutApproximated }, "\(sized.warnings.map(\.message))")
        }
    }

    /// A tab bar controller's bar on an iPad document of Xcode 16 or later: placed at the bottom
    /// as on iPhone, and `frameReplaced` says that iPadOS 18 shows it at the top in regular width,
    /// which is not modelled. The same document saved by Xcode 15 (tools version 22155), and an
    /// iPhone's, keep the plain text.
    @Test func anIPadTabBarOfXcode16IsSaidToSitAtTheTopOnIPadOS18() throws {
        let name = "frameReplaced-ipad-tab-bar-at-the-bottom-as-on-iphone-top-on-ipados-18-not-modelled.storyboard"
        for canvas in [true, false] {
            let (result, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            let bar = try #require(result.ids.first { $0.value == "bar" }?.key)
            #expect(scene.views[try #require(scene.viewIndex(bar))].frame == Rect(x: 0, y: 1180 - 49 - 20, width: 820, height: 69))
            let said = result.warnings.filter { $0.kind == .frameReplaced }
            #expect(said.map(\.sourceID) == ["bar"])
            #expect(said.first?.message.contains("as on iPhone; on this iPad document (Xcode 16 or later, iPadOS 18) UIKit shows a tab bar controller's bar at the top in regular width") == true)
            let xcode15 = String(decoding: try ImportFixtures.bytes(name), as: UTF8.self).replacingOccurrences(of: "toolsVersion=\"23504\"", with: "toolsVersion=\"22155\"")
            let older = try ImportFixtures.importFixture(name, canvas: canvas, document: Array(xcode15.utf8))
            let plain = older.warnings.filter { $0.kind == .frameReplaced }
            #expect(plain.count == 1 && plain.allSatisfy { $0.message.hasSuffix("UIKit places it at the bottom of its controller's view, 820 × 69 at y = 1111") }, "\(plain.map(\.message))")
            let phone = try ImportFixtures.importFixture("frameReplaced-tab-bar-placeholder-and-tabs.storyboard", canvas: canvas)
            #expect(!phone.warnings.contains { $0.message.contains("iPadOS") })
        }
    }

    /// A known device id drawn at a screen no model of the table has (Xcode 16's `ipad11_0rounded`
    /// at 834 × 1210): the window is the stated screen, its unsafe edges the id's own (24 and
    /// 20), which the document does not state: the button pinned 60 pt below the safe area is at
    /// y = 84, where Xcode 16 stores it (the tenth unseen round), and the import says so.
    @Test func aKnownDeviceAtAnUnknownScreenKeepsItsOwnEdges() throws {
        let name = "layoutApproximated-known-device-drawn-at-a-screen-the-table-lacks.storyboard"
        for canvas in [true, false] {
            let (result, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            #expect(scene.views[0].frame.size == Size(width: 834, height: 1210))
            let button = try #require(result.ids.first { $0.value == "btn-aa-aaa" }?.key)
            #expect(scene.views[try #require(scene.viewIndex(button))].frame == Rect(x: 20, y: 84, width: 794, height: 44))
            #expect(result.warnings.contains { $0.kind == .layoutApproximated && $0.message.contains("the id's own unsafe edges, 24 pt at the top and 20 at the bottom") })
        }
    }

    /// `unsatisfiableConstraint` is the app's conflict, not the canvas's: the same 48 pt of
    /// constraints in a 44 pt row is warned (UIKit breaks one), in a self-sizing row (the table's
    /// `rowHeight` is `automaticDimension`, stored -1) it is not, though Xcode stored that row's
    /// content view 48.33 pt tall: UIKit makes the row as tall as its content asks.
    @Test func aSelfSizingRowsStoredHeightIsNoConflict() throws {
        let result = try ImportFixtures.importFixture("unsatisfiableConstraint-fixed-row-warned-self-sizing-row-not.storyboard")
        let broken = result.warnings.filter { $0.kind == .unsatisfiableConstraint }
        #expect(broken.map(\.sourceID) == ["cst-fix-002"], "\(broken.map(\.message))")
        #expect(!broken.contains { $0.message.contains("Fitted") }, "\(broken.map(\.message))")
    }

    /// Size-class variations are warned for what is imported: the scene whose view varies for
    /// `heightClass=compact` is warned (laid out for the portrait phone), a scene beside it with
    /// no variation of its own and a storyboard reference's placeholder scene are not (the
    /// warning was said for every scene of the document), and a listing says it for the document.
    @Test func aVariationIsWarnedForTheSceneThatHasIt() throws {
        let name = "layoutApproximated-variation-said-for-the-scene-that-has-it.storyboard"
        let bytes = try ImportFixtures.bytes(name)
        func variationWarnings(_ options: ImportOptions) throws -> [ImportWarning] {
            try Importer.importDocument(bytes, format: .storyboard, options: options).warnings.filter {
                $0.kind == .layoutApproximated && $0.message.contains("size-class variations")
            }
        }
        for (scene, expected) in [("s1", 1), ("s2", 0), ("s3", 0)] {
            var options = ImportOptions(fileName: name)
            options.scene = scene
            let warnings = try variationWarnings(options)
            #expect(warnings.count == expected, "scene \(scene): \(warnings.map(\.message))")
            if expected == 1 {
                #expect(warnings[0].message.hasSuffix("variations: heightClass=compact (1)"), "\(warnings[0].message)")
            }
        }
        var listing = ImportOptions(fileName: name)
        listing.list = true
        #expect(try variationWarnings(listing).count == 1)
    }

    /// L5-frameless-cell: a cell stored without a `<rect>` (Xcode 6 and 7) has its table's width
    /// and its row height, below the cell before it; a content view stored without one has the
    /// cell's size less the separator (1 pt before tools version 10116, 0.5 to 14999, 0 from
    /// 15000) and less a disclosure indicator's 33 pt before 15000, so what is pinned inside it
    /// keeps its stored frame (it came out negative in a 0 x 0 content view).
    @Test func aFramelessCellHasItsTablesWidthAndRowHeight() throws {
        let name = "L5-frameless-cell-sized-by-its-table.storyboard"
        let bytes = try ImportFixtures.bytes(name)
        func era(_ tools: String) -> [UInt8] {
            Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "toolsVersion=\"7702\"", with: "toolsVersion=\"\(tools)\"").utf8)
        }
        for (document, separator, accessory) in [(bytes, 1.0, 33.0), (era("11201"), 0.5, 33.0), (era("17701"), 0.0, 0.0)] {
            for canvas in [true, false] {
                let (_, scene) = try ImportFixtures.laidOut(name, canvas: canvas, document: document)
                func frame(_ id: String) throws -> Rect { scene.views[try #require(scene.viewIndex(id))].frame }
                let width = try frame("Field-Cell").size.width
                #expect(try frame("Field-Cell") == Rect(x: 0, y: 0, width: width, height: 44), "separator \(separator)")
                #expect(try frame("textField:Service") == Rect(x: 15, y: 9, width: width - 23, height: 44 - separator - 17), "separator \(separator)")
                #expect(try frame("Detail-Cell") == Rect(x: 0, y: 44, width: width, height: 60))
                let content = try #require(scene.viewIndex("Detail-Cell").flatMap { scene.views[$0].subviews.first })
                #expect(scene.views[content].frame.size == Size(width: width - accessory, height: 60 - separator), "separator \(separator)")
            }
        }
    }

    /// L6, canvas only: Xcode's canvas stretches a plain view that nothing sizes across a
    /// centred stack to the length it stored; as the app runs UIKit gives it none
    /// (`UISV-ambiguity-suppression`), and the import leaves it so.
    @Test func theCanvasStretchesAnUnsizedViewAcrossACentredStack() throws {
        let name = "L6-canvas-stretches-an-unsized-view-across-a-centred-stack.xib"
        for canvas in [true, false] {
            let (_, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            let badge = try #require(scene.viewIndex("Badge"))
            #expect(scene.views[badge].frame.size.height == (canvas ? 51 : 0), "canvas: \(canvas)")
        }
    }
    /// L6 (rule L6-stack-hidden-arranged-view-keeps-its-required-length): a hidden arranged view
    /// whose own required constraints fix its length keeps it at `UISV-hiding`'s position (the
    /// badge's `width = 62` at the name's trailing edge, the separator's `height = 1` at the last
    /// visible view's bottom), while its siblings are spaced as if it were absent (the filler at
    /// 140, the footer 8 below the header); a hidden label with only its intrinsic size is 0 tall
    /// halfway into the spacing it removes. The conflict with `UISV-hiding` is warned, naming it
    /// as the broken constraint, on the canvas and as the app runs.
    @Test func aHiddenArrangedViewKeepsItsRequiredLength() throws {
        let name = "L6-stack-hidden-arranged-view-keeps-its-required-length.xib"
        for canvas in [true, false] {
            let (result, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            func frame(_ id: String) throws -> Rect { scene.views[try #require(scene.viewIndex(id))].frame }
            #expect(try frame("Current") == Rect(x: 140, y: 1.5, width: 62, height: 17), "canvas: \(canvas)")
            #expect(try frame("Filler") == Rect(x: 140, y: 0, width: 221, height: 20), "canvas: \(canvas)")
            #expect(try frame("Note") == Rect(x: 0, y: 20, width: 361, height: 0), "canvas: \(canvas)")
            #expect(try frame("Footer") == Rect(x: 0, y: 24, width: 361, height: 16), "canvas: \(canvas)")
            #expect(try frame("Separator") == Rect(x: 0, y: 40, width: 361, height: 1), "canvas: \(canvas)")
            #expect(try frame("Menu").size.height == 40, "canvas: \(canvas)")
            let said = result.warnings.filter { $0.kind == .unsatisfiableConstraint }
            #expect(said.map(\.sourceID) == ["plan", "menu"], "canvas: \(canvas)")
            #expect(said.first?.message.contains("it breaks Current.width == 0, which conflicts with Current.width == 62") == true)
            #expect(said.last?.message.contains("it breaks Separator.height == 0, which conflicts with Separator.height == 1") == true)
        }
    }

    /// L6 (rule L6-stack-baseline-relative-arrangement): a vertical stack with
    /// `baselineRelativeArrangement` spaces its rows from one row's last baseline to the next
    /// row's first baseline (rows of one 17 pt line, 20.5 tall, 29 apart top to top; a row that
    /// is a horizontal stack reads its label's baseline), the first row at the top, on the canvas
    /// and as the app runs. A horizontal stack ignores the property, without a warning; a
    /// vertical `equalSpacing` one says its equal gaps stay between frames.
    @Test func aBaselineRelativeStackSpacesItsRowsBetweenBaselines() throws {
        let name = "L6-stack-baseline-relative-arrangement.xib"
        for canvas in [true, false] {
            let (result, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            for (id, y) in [("Title", 0.0), ("Genre", 29), ("Year", 58)] {
                let v = try #require(scene.viewIndex(id))
                #expect(abs(scene.views[v].frame.minY - y) < 0.001, "\(id), canvas: \(canvas)")
            }
            let details = try #require(scene.viewIndex("Details"))
            #expect(abs(scene.views[details].frame.size.height - 78.5) < 0.001)
            let value = try #require(scene.viewIndex("YearValue"))
            #expect(scene.views[value].frame.minX == 44)
            let said = result.warnings.filter { $0.message.contains("baselineRelativeArrangement") }.map(\.sourceID)
            #expect(said == ["credits"])
        }
    }

    /// L6, canvas only: an image view that names no image (the app's code sets it) and whose
    /// height no constraint sets keeps the height Xcode stored on the canvas, and the button
    /// below it follows; as the app runs the image decides, and the import does not stand in.
    @Test func theCanvasKeepsAnImageViewWithoutAnImageAtItsStoredSize() throws {
        let name = "L6-canvas-image-view-without-an-image-keeps-its-stored-size.xib"
        let (_, canvas) = try ImportFixtures.laidOut(name, canvas: true)
        let photo = try #require(canvas.viewIndex("Photo"))
        #expect(canvas.views[photo].frame == Rect(x: 0, y: 0, width: 343, height: 200))
        let retake = try #require(canvas.viewIndex("Retake"))
        #expect(canvas.views[retake].frame.minY == 208)
        let (_, app) = try ImportFixtures.laidOut(name, canvas: false)
        let appPhoto = try #require(app.viewIndex("Photo"))
        #expect(app.views[appPhoto].frame.size.height != 200)
    }

    /// L6 (safe area), canvas only: a xib's freeform view smaller than the screen, on the canvas
    /// of a device with a sensor housing, has the housing's inset at its top, whether the
    /// document says `useSafeAreas` or only the view has a safe-area guide; an iPhone 11
    /// (`retina6_1`) shows 48 pt from tools version 21000 and 44 before (measured: tinode's
    /// bars, iNaturalist's header, cwa-app's card; docs/import-ib.md, "Device metrics"). As the
    /// app runs the code that adds the view decides where it is: no inset is assumed.
    @Test func aFreeformXibViewHasTheSensorHousingsTopInsetOnTheCanvas() throws {
        let name = "L6-canvas-freeform-bar-below-the-sensor-housing.xib"
        let bytes = try ImportFixtures.bytes(name)
        let older = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "toolsVersion=\"21507\"", with: "toolsVersion=\"20037\"").utf8)
        for (document, canvas, top) in [(bytes, true, 48.0), (older, true, 44.0), (bytes, false, 0.0)] {
            let (_, scene) = try ImportFixtures.laidOut(name, canvas: canvas, document: document)
            let draft = try #require(scene.viewIndex("Draft"))
            #expect(scene.views[draft].frame == Rect(x: 16, y: top + 4, width: 340, height: 120 - top - 8), "canvas: \(canvas), top \(top)")
            let send = try #require(scene.viewIndex("Send"))
            #expect(scene.views[send].frame.midY == scene.views[draft].frame.midY)
        }
        // A cell's insets are its table's: a top-level cell gets none from the screen.
        let cell = "L6-canvas-freeform-cell-keeps-the-table-s-insets.xib"
        let (_, laidOut) = try ImportFixtures.laidOut(cell)
        let label = try #require(laidOut.viewIndex("Name"))
        #expect(laidOut.views[label].frame == Rect(x: 16, y: 11, width: 45, height: 22))
    }
    /// Rule L6-freeform-xib-view-bottom-inset-from-its-stored-frames, canvas only: a freeform xib
    /// view's bottom inset below a home indicator is what its stored frames state (a view pinned
    /// to the safe area's bottom by a required equality): 34 pt for one card, none for the other
    /// (the corpus is split three projects to three). A misplaced button states nothing: laid out
    /// with none, and `layoutApproximated` says so. As the app runs the code that adds the view
    /// decides: no inset, and the existing warning.
    @Test func aFreeformXibViewsBottomInsetIsWhatItsStoredFramesState() throws {
        let name = "L6-freeform-xib-view-bottom-inset-from-its-stored-frames.xib"
        for (canvas, inset) in [(true, 34.0), (false, 0.0)] {
            let (result, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            for (button, y) in [("Done-Inset", 300 - inset - 12 - 40), ("Done-Flush", 248)] {
                let done = try #require(scene.viewIndex(button))
                #expect(scene.views[done].frame == Rect(x: 16, y: y, width: 361, height: 40), "\(button), canvas: \(canvas)")
            }
            #expect(!result.warnings.contains { $0.kind == .layoutApproximated && $0.message.contains("home indicator") }, "\(result.warnings.map(\.message))")
        }
        let unstated = "layoutApproximated-freeform-xib-view-bottom-inset-not-stated.xib"
        let (result, scene) = try ImportFixtures.laidOut(unstated)
        let done = try #require(scene.viewIndex("Done"))
        #expect(scene.views[done].frame == Rect(x: 16, y: 248, width: 361, height: 40))
        let said = result.warnings.filter { $0.kind == .layoutApproximated && $0.message.contains("home indicator") }
        #expect(said.map(\.sourceID) == ["card"], "\(result.warnings.map(\.message))")
        #expect(said.first?.message.contains("its stored frames do not say whether Xcode's canvas gave that bottom an inset (0 pt in three projects measured, 34 pt in three others); laid out here with none") == true)
    }

    /// A xib's top-level reusable view whose subviews are pinned to the top and bottom of its
    /// safe area: the table or collection view that shows it decides that safe area as the app
    /// runs, and Xcode's canvas may give it the device's insets (the nineteenth round: AdGuard's
    /// header stored 44 and 34 pt, as this one is). Laid out with none, on the canvas too, and
    /// said once, for the header; a cell pinned only at its leading and trailing edges (none
    /// there on a portrait canvas) is not.
    @Test func aCellsSafeAreaTopAndBottomAreSaidToBeItsTablesOrCollectionViews() throws {
        let name = "layoutApproximated-cell-safe-area-decided-by-its-table-or-collection-view.xib"
        for canvas in [true, false] {
            let (result, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            let title = try #require(scene.viewIndex("Title"))
            let chart = try #require(scene.viewIndex("Chart"))
            #expect(scene.views[title].frame == Rect(x: 24, y: 8, width: 352, height: 20), "canvas: \(canvas)")
            #expect(scene.views[chart].frame == Rect(x: 0, y: 52, width: 400, height: 148), "canvas: \(canvas)")
            let said = result.warnings.filter { $0.kind == .layoutApproximated && $0.message.contains("is a cell or reusable view whose subviews are constrained to its safe area") }
            #expect(said.map(\.sourceID) == ["header"], "\(result.warnings.map(\.message))")
            #expect(said.first?.message.contains("(bottom, top)") == true)
        }
    }

    /// A xib's top-level collection view cell: laid out at its stored frame (Xcode's canvas
    /// shows that, not the size inspector's custom size, 180 × 120 here: the twenty-third round),
    /// on the canvas and as the app runs, and said, because as the app runs its collection view's
    /// layout sizes it; a plain top-level view is not.
    @Test func aCollectionCellsSizeIsSaidToBeItsCollectionViews() throws {
        let name = "layoutApproximated-collection-cell-size-decided-by-its-collection-view.xib"
        for canvas in [true, false] {
            let (result, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            let cell = try #require(scene.viewIndex("Tile-Cell"))
            let label = try #require(scene.viewIndex("Name"))
            #expect(scene.views[cell].frame.size == Size(width: 180, height: 80), "canvas: \(canvas)")
            #expect(scene.views[label].frame == Rect(x: 12, y: 30, width: 156, height: 20), "canvas: \(canvas)")
            let said = result.warnings.filter { $0.kind == .layoutApproximated && $0.message.contains("collection view's layout sizes it") }
            #expect(said.map(\.sourceID) == ["cell"], "\(result.warnings.map(\.message))")
            #expect(said.first?.message.contains("laid out at its stored size (180 × 80 pt)") == true)
        }
    }
    /// A controller with a navigation item that no navigation controller of the document shows
    /// (code instantiates it): whether a bar covers its top is not in the document (the code that
    /// shows it decides; Xcode's canvas draws one for some such controllers and not for others,
    /// docs/import-ib.md "A fourteenth round"). Imported without a bar, and said; a navigation
    /// controller's root, whose item its bar shows, is not.
    @Test func aNavigationItemNoNavigationControllerShowsLeavesTheTopBarUnstated() throws {
        let name = "layoutApproximated-navigation-item-of-a-controller-no-navigation-controller-shows.storyboard"
        let bytes = try ImportFixtures.bytes(name)
        for canvas in [true, false] {
            let (result, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            let close = try #require(scene.viewIndex("button:Close"))
            #expect(scene.views[close].frame == Rect(x: 16, y: 67, width: 361, height: 44), "canvas: \(canvas)")
            let said = result.warnings.filter { $0.kind == .layoutApproximated && $0.message.contains("has a navigation item, but no navigation controller") }
            #expect(said.map(\.sourceID) == ["det-itm-001"], "\(result.warnings.map(\.message))")
        }
        let root = try Importer.importDocument(bytes, format: .storyboard, options: ImportOptions(scene: "roo-scn-001"))
        #expect(!root.warnings.contains { $0.message.contains("has a navigation item, but no navigation controller") }, "\(root.warnings.map(\.message))")
    }
    /// Rule L6-sheet-safe-area-from-its-stored-frames, canvas only: a page sheet's safe-area
    /// insets on Xcode's canvas changed across releases (none at the top in Xcode 11, the status
    /// bar's in Xcode 14, none at the bottom in Xcode 26), so its own stored frames decide: here
    /// 59 pt at the top and none at the bottom, and with the header stored 12 pt down, none at
    /// the top. As the app runs UIKit's geometry: no top inset (the sheet starts below the status
    /// bar), the home indicator's 34 pt at the bottom.
    @Test func aSheetsSafeAreaOnTheCanvasIsWhatItsStoredFramesState() throws {
        let name = "L6-sheet-safe-area-from-its-stored-frames.storyboard"
        let bytes = try ImportFixtures.bytes(name)
        let flush = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "x=\"16\" y=\"71\" width=\"361\" height=\"40\"", with: "x=\"16\" y=\"12\" width=\"361\" height=\"40\"").utf8)
        for (document, canvas, top, bottom) in [(bytes, true, 59.0, 0.0), (flush, true, 0.0, 0.0), (bytes, false, 0.0, 34.0)] {
            let (_, scene) = try ImportFixtures.laidOut(name, canvas: canvas, document: document)
            let sheet = try #require(scene.viewIndex("Sheet"))
            #expect(scene.views[sheet].frame == Rect(x: 0, y: 852 - 783, width: 393, height: 783), "canvas: \(canvas)")
            let header = try #require(scene.viewIndex("Header"))
            #expect(scene.views[header].frame == Rect(x: 16, y: top + 12, width: 361, height: 40), "canvas: \(canvas), top \(top)")
            let footer = try #require(scene.viewIndex("Footer"))
            #expect(scene.views[footer].frame == Rect(x: 16, y: 783 - bottom - 20 - 44, width: 361, height: 44), "canvas: \(canvas), bottom \(bottom)")
        }
    }
    /// Rule L6-sheet-roots-say-nothing-of-the-screen: the roots of controllers the document
    /// presents as sheets (a `show` segue from a controller no navigation controller holds, a
    /// presentation, and what a presented navigation controller holds) are stored at a sheet's
    /// height; three of them against one full-screen root are no evidence of a shorter screen.
    /// Every scene is laid out on the device's 414 x 896 screen without a word about another
    /// screen, and on the canvas the sheets lie at its bottom.
    @Test func sheetRootsSayNothingOfTheScreen() throws {
        let name = "L6-sheet-roots-say-nothing-of-the-screen.storyboard"
        let bytes = try ImportFixtures.bytes(name)
        for scene in ["home-scn", "detail-scn", "list-scn", "item-scn"] {
            for canvas in [true, false] {
                var options = ImportOptions()
                options.canvas = canvas
                options.scene = scene
                let result = try Importer.importDocument(bytes, format: .storyboard, options: options)
                let messages = result.warnings.map(\.message)
                #expect(!messages.contains { $0.contains("a screen the device table lacks") || $0.contains("freeform size") }, "\(scene): \(messages)")
                let laidOut = try SceneDecoder().decode(try #require(result.scene)).laidOut()
                #expect(laidOut.views[0].frame == Rect(x: 0, y: 0, width: 414, height: 896), "\(scene), canvas: \(canvas)")
            }
        }
        let (_, detail) = try ImportFixtures.laidOut(name, canvas: true)
        #expect(detail.views[try #require(detail.viewIndex("Detail"))].frame == Rect(x: 0, y: 44, width: 414, height: 852))
        #expect(detail.views[try #require(detail.viewIndex("DetailHeader"))].frame == Rect(x: 16, y: 12, width: 382, height: 40))
    }
    /// Rule L6-inferred-navigation-bar-from-its-stored-frames, canvas only: a controller with a
    /// navigation item that no navigation controller of the document shows is drawn by Xcode's
    /// canvas below a navigation bar in some files and not in others, so its stored frames decide.
    /// Details' two buttons are stored 59 + 44 + 8 pt down: on the canvas a bar showing its item
    /// covers its top, the buttons lie below it and the Edit item is tapped; as the app runs no
    /// bar, and the warnings of before. Notes' button is stored 59 + 8 pt down (no bar), and
    /// Help's only equality to the safe area's top is a misplaced button's (no frame states it):
    /// no bar, and the warning that says the bar is not stated.
    @Test func anInferredNavigationBarOnTheCanvasIsWhatItsStoredFramesState() throws {
        let name = "L6-inferred-navigation-bar-from-its-stored-frames.storyboard"
        let bytes = try ImportFixtures.bytes(name)
        let readOff = "are stored below a 44 pt navigation bar, so on the canvas it is laid out below one"
        let notStated = "it is laid out without a navigation bar"
        let itemsLeftOut = "has bar button items, but the controller is shown in no navigation bar"
        for canvas in [true, false] {
            let (result, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            let top = canvas ? 59.0 + 44 : 59
            #expect(scene.views[try #require(scene.viewIndex("button:Close"))].frame == Rect(x: 16, y: top + 8, width: 170, height: 44), "canvas: \(canvas)")
            #expect(scene.views[try #require(scene.viewIndex("button:Share"))].frame == Rect(x: 207, y: top + 8, width: 170, height: 44), "canvas: \(canvas)")
            let bar = scene.viewIndex("Details.navigationBar")
            #expect(bar.map { scene.views[$0].frame } == (canvas ? Rect(x: 0, y: 59, width: 393, height: 44) : nil), "canvas: \(canvas)")
            let messages = result.warnings.map(\.message)
            #expect(messages.filter { $0.contains(readOff) }.count == (canvas ? 1 : 0), "\(messages)")
            #expect(messages.filter { $0.contains(notStated) || $0.contains(itemsLeftOut) }.count == (canvas ? 0 : 2), "\(messages)")
        }
        // A prompt adds its 30 pt line to the bar: stored 59 + 74 + 8 pt down, a 74 pt bar; the
        // same item with the frames of a 44 pt bar states neither candidate, so no bar.
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "title=\"Details\" id=\"bar-item\"", with: "title=\"Details\" prompt=\"Pick one\" id=\"bar-item\"")
        for (stored, bar) in [(141.0, Rect(x: 0, y: 59, width: 393, height: 74)), (111, nil)] {
            let document = Array(text.replacingOccurrences(of: "y=\"111\" width=\"170\"", with: "y=\"\(Int(stored))\" width=\"170\"").utf8)
            let (_, scene) = try ImportFixtures.laidOut(name, canvas: true, document: document)
            #expect(scene.viewIndex("Details.navigationBar").map { scene.views[$0].frame } == bar, "stored at \(stored)")
            #expect(scene.views[try #require(scene.viewIndex("button:Close"))].frame.minY == (bar == nil ? 67 : stored), "stored at \(stored)")
        }
        let (edit, _) = try Self.trace(name, tapping: "item:Edit")
        #expect(Self.actions(edit).first?["action"] == "edit:")
        #expect(Self.actions(edit).first?["target"] == "Details")
        for (scene, id) in [("nob-scn", "button:Save"), ("uns-scn", "button:Done")] {
            var options = ImportOptions(scene: scene)
            options.canvas = true
            let result = try Importer.importDocument(bytes, format: .storyboard, options: options)
            let laidOut = try SceneDecoder().decode(try #require(result.scene)).laidOut()
            #expect(laidOut.views[try #require(laidOut.viewIndex(id))].frame.minY == 67, "\(scene)")
            #expect(!laidOut.views.contains { $0.viewClass == .UINavigationBar }, "\(scene)")
            let messages = result.warnings.map(\.message)
            #expect(messages.contains { $0.contains(notStated) } && !messages.contains { $0.contains(readOff) }, "\(scene): \(messages)")
        }
        // Without safe areas (Xcode 8, a 20 pt status bar): the view pinned to the top layout
        // guide's bottom is stored 20 + 44 + 8 pt down; the bar's Close item is tapped.
        let legacy = "L6-inferred-navigation-bar-from-its-stored-frames-top-layout-guide.storyboard"
        for canvas in [true, false] {
            let (result, scene) = try ImportFixtures.laidOut(legacy, canvas: canvas)
            let sign = try #require(scene.viewIndex("button:Sign-out"))
            #expect(scene.views[sign].frame == Rect(x: 16, y: canvas ? 72 : 28, width: 343, height: 44), "canvas: \(canvas)")
            let bar = scene.viewIndex("Profile.navigationBar")
            #expect(bar.map { scene.views[$0].frame } == (canvas ? Rect(x: 0, y: 20, width: 375, height: 44) : nil), "canvas: \(canvas)")
            #expect(result.warnings.contains { $0.message.contains(canvas ? readOff : notStated) }, "canvas: \(canvas)")
        }
        let (close, _) = try Self.trace(legacy, tapping: "item:Close")
        #expect(Self.actions(close).first?["action"] == "close:")
        #expect(Self.actions(close).first?["target"] == "Profile")
    }
    /// Rule L6-split-view-columns-get-a-navigation-controller: a column-style split view
    /// controller (`allowDoubleColumnStyle`, or a supplementary column) wraps each column that is
    /// not a navigation controller in one it creates ("If you set a child view controller that's
    /// not a navigation controller, the split view controller creates a navigation controller
    /// for it", UISplitViewController), so Inbox and Reader are shown below a 44 pt bar showing
    /// their navigation items, on the canvas (where their buttons are stored, 59 + 44 + 8) and as
    /// the app runs, and their bar items are tapped. The sidebar's own navigation controller is
    /// not wrapped again (one bar), and a classic split view's plain column keeps no bar.
    @Test func aColumnStyleSplitViewShowsItsPlainColumnsInANavigationController() throws {
        let name = "L6-split-view-columns-get-a-navigation-controller.storyboard"
        let notStated = "it is laid out without a navigation bar"
        for canvas in [true, false] {
            for (scene, controller, button, top) in [
                ("inbox-scn", "Inbox", "button:Compose", 59.0 + 44), ("reader-scn", "Reader", "button:Reply", 59 + 44),
                ("side-nav-scn", "Sidebar", "button:Folders", 59 + 44), ("plain-scn", "Plain", "button:Open", 59),
            ] {
                var options = ImportOptions(scene: scene)
                options.canvas = canvas
                let result = try Importer.importDocument(try ImportFixtures.bytes(name), format: .storyboard, options: options)
                let laidOut = try SceneDecoder().decode(try #require(result.scene)).laidOut()
                let frame = laidOut.views[try #require(laidOut.viewIndex(button), "\(scene)")].frame
                #expect(frame == Rect(x: 16, y: top + 8, width: 361, height: 44), "\(scene), canvas: \(canvas)")
                let bars = laidOut.views.filter { $0.viewClass == .UINavigationBar }.map(\.frame)
                #expect(bars == (top > 59 ? [Rect(x: 0, y: 59, width: 393, height: 44)] : []), "\(scene), canvas: \(canvas)")
                let said = result.warnings.contains { $0.message.contains(notStated) }
                #expect(said == (top == 59), "\(controller), canvas: \(canvas): \(result.warnings.map(\.message))")
            }
        }
        let (filter, _) = try Self.trace(name, tapping: "item:More")
        #expect(Self.actions(filter).first?["action"] == "filter:")
        #expect(Self.actions(filter).first?["target"] == "Inbox")
        let (compose, _) = try Self.trace(name, tapping: "button:Compose")
        #expect(Self.actions(compose).first?["action"] == "compose:")
    }

    /// Rule L6-canvas-hides-the-status-bar-of-ipads-with-a-home-button, canvas only: Xcode 10.2
    /// to 13 (tools versions 14800 to 21499) draw an iPad with a home button without its 20 pt
    /// status bar, as they draw such iPhones (Vocable's 12.9-inch iPad in portrait, Xcode 11;
    /// iSH's 9.7-inch iPad in landscape, Xcode 12: views pinned to the safe area stored at its top
    /// edge). The button 12 pt below the safe area's top is at 12 on that canvas, in portrait and
    /// in landscape; at 32 as the app runs (the device's status bar), on the canvas of Xcode 15
    /// (tools 22505), and on an iPad without a home button (its 24 pt: 36).
    @Test func theCanvasOfXcode10To13HidesTheStatusBarOfAnIPadWithAHomeButton() throws {
        let name = "L6-canvas-hides-the-status-bar-of-ipads-with-a-home-button.storyboard"
        let text = String(decoding: try ImportFixtures.bytes(name), as: UTF8.self)
        let landscape = text.replacingOccurrences(of: "<device id=\"ipad12_9\" orientation=\"portrait\"", with: "<device id=\"ipad9_7\" orientation=\"landscape\"")
            .replacingOccurrences(of: "width=\"1024\" height=\"1366\"", with: "width=\"1024\" height=\"768\"")
        let xcode15 = text.replacingOccurrences(of: "toolsVersion=\"15705\"", with: "toolsVersion=\"22505\"")
        let rounded = text.replacingOccurrences(of: "<device id=\"ipad12_9\"", with: "<device id=\"ipad12_9rounded\"")
        for (label, document, canvas, y) in [
            ("portrait", text, true, 12.0), ("landscape", landscape, true, 12), ("portrait, as the app runs", text, false, 32),
            ("landscape, as the app runs", landscape, false, 32), ("Xcode 15", xcode15, true, 32), ("no home button", rounded, true, 36),
        ] {
            let (_, scene) = try ImportFixtures.laidOut(name, canvas: canvas, document: Array(document.utf8))
            let close = try #require(scene.viewIndex("button:Close"), "\(label)")
            #expect(scene.views[close].frame == Rect(x: 24, y: y, width: 120, height: 44), "\(label)")
        }
    }

    /// L6 (margins), canvas only: from tools version 13000 Xcode's canvas gives a xib's
    /// top-level view a root view's margins (0 at the top and bottom, 16 or 20 at the sides)
    /// whether or not File's Owner shows it (measured on files nobody here had seen:
    /// SwiftMessages' card, wikipedia-ios' find bar; docs/import-ib.md). Xcode 7 gave UIView's
    /// 8 pt; as the app runs the code that adds the view decides, and UIView's 8 pt stay.
    @Test func aXibTopLevelViewHasARootViewsMarginsOnTheCanvas() throws {
        let name = "L6-canvas-xib-top-level-view-has-a-root-view-s-margins.xib"
        let bytes = try ImportFixtures.bytes(name)
        let xcode7 = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "toolsVersion=\"17156\"", with: "toolsVersion=\"10117\"").utf8)
        let plain = Rect(x: 8, y: 8, width: 359, height: 84)
        for (document, canvas, panel) in [(bytes, true, Rect(x: 16, y: 0, width: 343, height: 100)), (xcode7, true, plain), (bytes, false, plain)] {
            let (_, scene) = try ImportFixtures.laidOut(name, canvas: canvas, document: document)
            let view = try #require(scene.viewIndex("Panel"))
            #expect(scene.views[view].frame == panel, "canvas: \(canvas)")
            // The panel's own margins are UIView's: the rule is the top-level view's alone.
            let message = try #require(scene.viewIndex("Message"))
            #expect(scene.views[message].frame == Rect(x: 8, y: 8, width: panel.size.width - 16, height: panel.size.height - 16))
        }
    }

    /// Window size without a device: a container scene with no root view of its own (here a
    /// navigation controller, the document's initial scene) spans what its child's root view
    /// spans, as the child's own scene does, not an assumed 375 × 667, and says nothing about a
    /// freeform root (RxDataSources' Xcode 7 "Any" canvas, on files nobody here had seen).
    @Test func aContainerSceneWithoutADeviceTakesItsChildsCanvas() throws {
        let name = "L6-no-device-container-scene-takes-its-child-s-canvas.storyboard"
        for canvas in [true, false] {
            let (result, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            #expect(scene.windows.map { scene.views[$0].frame.size } == [Size(width: 600, height: 600)], "canvas: \(canvas)")
            #expect(!result.warnings.contains { $0.kind == .frameReplaced }, "canvas: \(canvas)")
            let list = try #require(scene.viewIndex("List"))
            #expect(scene.views[list].frame.size.width == 600)
        }
    }

    /// H8: a xib's top-level views are separate objects of the nib, each imported in a window
    /// of its own; the windows lie side by side, so that none covers another, and a tap that
    /// names a window reaches that window's control and sends its action (simplenote's snackbar
    /// nib, three top-level views, on files nobody here had seen).
    @Test func aXibsTopLevelViewsLieInWindowsSideBySide() throws {
        let name = "H8-xib-top-level-views-each-in-a-window-side-by-side.xib"
        for canvas in [true, false] {
            let (_, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            #expect(scene.windows.count == 2)
            #expect(scene.windows.map { scene.views[$0].frame } == [Rect(x: 0, y: 0, width: 300, height: 80), Rect(x: 300, y: 0, width: 320, height: 200)])
            for (button, action) in [("Undo", "undo:"), ("Confirm", "confirm:")] {
                let view = try #require(scene.viewIndex(button))
                let tap = try IBConnectionOracle.tap(IBConnectionOracle.center(of: view, in: scene), in: scene, window: IBConnectionOracle.windowID(of: view, in: scene))
                #expect(tap.hit == button, "canvas: \(canvas)")
                #expect(tap.actions.map(\.action) == [action], "canvas: \(canvas)")
            }
        }
    }

    /// L6 (alignment rectangles): an image view showing an SF Symbol is laid out on its alignment
    /// rectangle, whose insets the document states where it fixes the view's size and stores a
    /// larger frame; a symbol's resource size (scaled to 128) is not its size, the stored frame
    /// stands for it (tinode, orbot, GoMap: docs/import-ib.md, fourth pass).
    @Test func symbolImageViewsKeepTheirStoredFramesAndAlignmentInsets() throws {
        let name = "L6-alignment-rect-symbol-image-views.xib"
        for canvas in [true, false] {
            let (_, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            let verified = try #require(scene.viewIndex("Verified"))
            #expect(scene.views[verified].frame == Rect(x: 16, y: 7.5, width: 18, height: 21), "canvas: \(canvas)")
            let bin = try #require(scene.viewIndex("Bin"))
            #expect(scene.views[bin].frame == Rect(x: 50, y: 12, width: 20.5, height: 22), "canvas: \(canvas)")
        }
    }

    /// L6 (alignment rectangles): a symbol's padding is its glyph's and not even; where the
    /// document centres or pins the symbol image view in its superview (or a stack aligns it),
    /// each side is read off the stored frame against the alignment rectangle the superview's
    /// stored frame places (the star and chevron 2 and 5.5 pt above, 0.5 and 4.5 below, the
    /// bell in a centred stack 0.5 pt left of it and 2.5 right), a 1:1 aspect ratio giving the
    /// other length; pinned to a sibling, the difference is split evenly (the gear). Save's,
    /// Safe's and Amperfy's symbols: docs/import-ib.md, sixteenth round.
    @Test func symbolInsetsAreReadOffTheStoredFrames() throws {
        let name = "L6-alignment-rect-symbol-insets-read-off-stored-frames.xib"
        let frames: [String: Rect] = [
            "Star": Rect(x: 2, y: 16, width: 12, height: 9.5), "Bell": Rect(x: 30.5, y: 0, width: 42, height: 40),
            "Chevron": Rect(x: 340, y: 36.5, width: 18, height: 8), "Gear": Rect(x: 250, y: 49, width: 20, height: 23),
        ]
        for canvas in [true, false] {
            let (result, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            for (view, frame) in frames {
                let i = try #require(scene.viewIndex(view))
                #expect(scene.views[i].frame == frame, "\(view), canvas: \(canvas)")
            }
            #expect(result.warnings.isEmpty, "canvas: \(canvas)")
        }
        let (_, scene) = try ImportFixtures.laidOut(name)
        func insets(_ view: String) throws -> EdgeInsets? { scene.views[try #require(scene.viewIndex(view))].layout.alignmentRectInsets }
        #expect(try insets("Star") == EdgeInsets(top: -2, left: 0, bottom: -0.5, right: 0))
        #expect(try insets("Bell") == EdgeInsets(top: 0, left: -0.5, bottom: 0, right: 2.5))
        #expect(try insets("Chevron") == EdgeInsets(top: -5.5, left: 0, bottom: -4.5, right: 0))
        #expect(try insets("Gear") == EdgeInsets(top: 1.5, left: 0, bottom: 1.5, right: 0))
    }

    /// A constraint of a custom class is the app's NSLayoutConstraint subclass, its runtime
    /// attributes set at load time: as the app runs its constant may be the code's, and the
    /// import says so, once per constraint; the canvas, which does not run that code, says
    /// nothing (Unstoppable Domains' and Mixin's constraint classes: docs/import-ib.md,
    /// sixteenth round).
    @Test func aConstraintOfACustomClassIsSaid() throws {
        let name = "runtimeAttributeIgnored-constraint-of-a-custom-class.xib"
        let result = try ImportFixtures.importFixture(name)
        let said = result.warnings.filter { $0.kind == .runtimeAttributeIgnored }
        #expect(said.map(\.sourceID) == ["c1", "h1"])
        #expect(said.last?.message.contains("smallScreenConstant") == true)
        #expect(said.allSatisfy { $0.message.contains("ScreenScaledConstraint") })
        let canvas = try ImportFixtures.importFixture(name, canvas: true)
        #expect(!canvas.warnings.contains { $0.kind == .runtimeAttributeIgnored })
        let (_, scene) = try ImportFixtures.laidOut(name)
        let pad = try #require(scene.viewIndex("Pad"))
        #expect(scene.views[pad].frame == Rect(x: 24, y: 30, width: 345, height: 60))
    }

    /// L6 (intrinsic content size): a button without a configuration sets its title in the 15 pt
    /// system font (measured: 30 pt tall titled buttons in 20 projects of the corpus), so that where
    /// TouchTrace estimates the title (a button Xcode marks ambiguous) it is 30 pt tall, not the
    /// 33 pt of a 17 pt title, and the label above it in a stack of fixed height keeps its own
    /// height (amplitude's controls screen, docs/import-ib.md, second unseen round). A configured
    /// button keeps the scene's default font.
    @Test func classicButtonsSetTheirTitleIn15pt() throws {
        let name = "L6-classic-button-title-font-15pt.xib"
        for canvas in [true, false] {
            let (_, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            let forgot = try #require(scene.viewIndex("Forgot"))
            let signIn = try #require(scene.viewIndex("Sign-In"))
            let greeting = try #require(scene.viewIndex("Greeting"))
            #expect(scene.views[forgot].fontSize == 15, "canvas: \(canvas)")
            #expect(scene.views[signIn].fontSize != 15, "canvas: \(canvas)")
            #expect(scene.views[forgot].frame.size.height == 30, "canvas: \(canvas)")
            #expect(abs(scene.views[greeting].frame.size.height - 20.333333333333332) < 0.01, "canvas: \(canvas)")
            let tap = try IBConnectionOracle.tap(IBConnectionOracle.center(of: forgot, in: scene), in: scene, window: IBConnectionOracle.windowID(of: forgot, in: scene))
            #expect(tap.hit == "Forgot", "canvas: \(canvas)")
        }
    }

    /// L5 (a controller's root view): "the root view of a view controller is always sized to fit
    /// its assigned space" (View Controller Programming Guide for iOS), whatever its
    /// `translatesAutoresizingMaskIntoConstraints` says; saved with it off, it was laid out 0 × 0
    /// by its content's constraints and its button was out of reach (Piwigo's album controller,
    /// docs/import-ib.md, second unseen round).
    @Test func aControllersRootViewWithoutAutoresizingFillsItsSpace() throws {
        let name = "L5-controller-root-view-without-autoresizing-fills-its-space.storyboard"
        for canvas in [true, false] {
            let (_, scene) = try ImportFixtures.laidOut(name, canvas: canvas)
            let root = try #require(scene.viewIndex("NotesViewController.view"))
            #expect(scene.views[root].frame == Rect(x: 0, y: 0, width: 393, height: 852), "canvas: \(canvas)")
            let add = try #require(scene.viewIndex("New-Note"))
            #expect(scene.views[add].frame.size.width == 361, "canvas: \(canvas)")
            let tap = try IBConnectionOracle.tap(IBConnectionOracle.center(of: add, in: scene), in: scene, window: IBConnectionOracle.windowID(of: add, in: scene))
            #expect(tap.hit == "New-Note", "canvas: \(canvas)")
            #expect(tap.actions.map(\.action) == ["addNote:"], "canvas: \(canvas)")
        }
    }
}
