import Foundation
import Testing
import TestSupport
import TouchTraceEngine
@testable import TouchTraceImport

@Suite("Xcode's frames and the document's connections as the oracles (corpus)")
struct XcodeFrameOracleTests {
    /// The Interface Builder corpus, file by file: Xcode's stored frames against TouchTrace's
    /// layout of the import as Xcode's canvas shows it and as the app runs (`XcodeFrameOracle`),
    /// and every connection the document shows tappable tapped in the import as the app runs
    /// (`IBConnectionOracle`). The table is docs/import-ib-corpus.md, compared byte for byte
    /// (`TOUCHTRACE_RECORD_FIXTURES=1` rewrites it); `TOUCHTRACE_ORACLE_FILES=a,b` runs only the
    /// files whose names contain those (nothing compared or written). `TOUCHTRACE_IB_CORPUS=<folder>`
    /// measures a folder of one's own instead (`OracleRun`): its table goes to
    /// `TOUCHTRACE_IB_REPORT`, never to docs/, and no floor of the shared corpus applies.
    @Test(.requires(.ibOracle)) func framesAndConnectionsAgreeWithTheDocuments() async throws {
        try await offPool {
            let run = OracleRun(environment: ProcessInfo.processInfo.environment, corpus: .ibOracle)
            let corpus = try run.corpus.checked().filter { entry in run.only.map { f in f.contains { entry.file.contains($0) } } ?? true }
            let report = try IBCorpusReport.make(corpus)
            print(report.summary)
            try run.record(report)
            guard run.isShared else { return }
            #expect(report.refused.isEmpty, "every file of the shared corpus imports: \(report.refused)")
            // Floors at what this branch measured (the targets are higher: docs/import-ib.md).
            #expect(report.canvas.compared > 5000, "the corpus should give thousands of views to compare")
            #expect(report.canvas.share >= 0.931, "\(report.canvas.agreeing) of \(report.canvas.compared) views agree with Xcode's canvas")
            #expect(report.connections.eligible > 500)
            #expect(report.app.share >= 0.887, "\(report.app.agreeing) of \(report.app.compared) views agree with Xcode's frames as the app runs")
            // Issue 23's own measure, the constraint-driven views (its target: 98% on the canvas).
            #expect(report.canvas.constraintDriven > 3000 && report.canvas.constraintDrivenShare >= 0.893, "\(report.canvas.constraintDrivenAgreeing) of \(report.canvas.constraintDriven) constraint-driven views agree with Xcode's canvas")
            #expect(report.app.constraintDrivenShare >= 0.818, "\(report.app.constraintDrivenAgreeing) of \(report.app.constraintDriven) constraint-driven views agree as the app runs")
            #expect(report.cellSegues.eligible > 50, "segues from cells the corpus shows tappable")
            #expect(report.cellSegues.passing >= report.cellSegues.eligible * 98 / 100, "\(report.cellSegues.passing) of \(report.cellSegues.eligible) segues from cells are sent when the cell is tapped (V5)")
            #expect(report.connections.share >= 0.995, "\(report.connections.passing) of \(report.connections.eligible) tappable connections reach their control")
        }
    }

    /// The switch to a folder of one's own, on a folder of our own fixtures (no corpus needed):
    /// every .xib and .storyboard of Tests/Fixtures/import-ib is read without an index, each
    /// gets a row, and the table goes where `TOUCHTRACE_IB_REPORT` says, naming the folder;
    /// without `TOUCHTRACE_IB_REPORT` nothing is written; docs/import-ib-corpus.md is never touched.
    @Test func theOraclesRunOverAFolderOfOurOwn() async throws {
        try await offPool {
            let folder = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/import-ib")
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("touchtrace-ib-oracle-\(UUID().uuidString).md")
            defer { try? FileManager.default.removeItem(at: out) }
            let docs = Corpus.packageRoot.appendingPathComponent("docs/import-ib-corpus.md")
            let before = try Data(contentsOf: docs)

            let shared = OracleRun(environment: [:], corpus: .ibOracle(environment: [:]))
            #expect(shared.isShared && shared.reportURL?.path == docs.path && shared.corpus.own == nil)

            let env = ["TOUCHTRACE_IB_CORPUS": folder.path, "TOUCHTRACE_IB_REPORT": out.path, "TOUCHTRACE_RECORD_FIXTURES": "1"]
            let run = OracleRun(environment: env, corpus: .ibOracle(environment: env))
            #expect(!run.isShared && run.reportURL == out)
            let entries = try #require(try run.corpus.load())
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }
            #expect(entries.count == files.count && entries.count > 20)
            #expect(entries.allSatisfy { $0.sha256.isEmpty && !$0.bytes.isEmpty })
            let report = try IBCorpusReport.make(Array(entries.prefix(12)))
            #expect(report.rows.count == 12)
            #expect(report.canvas.compared > 0)
            try run.record(report)
            let written = try String(contentsOf: out, encoding: .utf8)
            #expect(written.contains("from `\(folder.path)`"))
            #expect(written.contains("| \(entries[0].file) |"))
            #expect(try Data(contentsOf: docs) == before, "a folder of one's own never rewrites docs/import-ib-corpus.md")

            // Without a report path the table is printed only.
            let quiet = OracleRun(environment: ["TOUCHTRACE_IB_CORPUS": folder.path], corpus: .ibOracle(environment: ["TOUCHTRACE_IB_CORPUS": folder.path]))
            #expect(quiet.reportURL == nil)

            // A file the importer refuses gets a row and its reason, not an aborted run.
            let refusing = try IBCorpusReport.make([Corpus.Entry(file: "not-ib.xib", sha256: "", features: "", bytes: Array("<plist/>".utf8))])
            #expect(refusing.refused.count == 1 && refusing.rows.count == 1)
            #expect(refusing.markdown(source: folder.path).contains("Files refused"))
        }
    }

    /// A stored frame that breaks a required inequality of the document's own is stale, as one
    /// that breaks a required equality is (WordPress' button bar, fourth unseen round: a button
    /// stored 38 pt tall under its own `height ≥ 50`): the oracle classes it so, naming the
    /// constraint. A document of our own; an optional inequality does not count.
    @Test func aStoredFrameThatBreaksARequiredInequalityIsStale() throws {
        func xib(_ priority: String) -> [UInt8] {
            Self.xib(objects: """
                        <view contentMode="scaleToFill" id="top-vie-01">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                            <subviews>
                                <button opaque="NO" contentMode="scaleToFill" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="btn-gte-01">
                                    <rect key="frame" x="20" y="10" width="335" height="38"/>
                                    <constraints>
                                        <constraint firstAttribute="height" relation="greaterThanOrEqual"\(priority) constant="50" id="gte-c50-01"/>
                                    </constraints>
                                    <state key="normal" title="Primary"/>
                                </button>
                            </subviews>
                            <constraints>
                                <constraint firstItem="btn-gte-01" firstAttribute="top" secondItem="top-vie-01" secondAttribute="top" constant="10" id="gte-c01-01"/>
                                <constraint firstItem="btn-gte-01" firstAttribute="leading" secondItem="top-vie-01" secondAttribute="leading" constant="20" id="gte-c02-01"/>
                                <constraint firstAttribute="trailing" secondItem="btn-gte-01" secondAttribute="trailing" constant="20" id="gte-c03-01"/>
                            </constraints>
                        </view>
                """)
        }
        let required = try XcodeFrameOracle.check(file: "stale-inequality.xib", bytes: xib(""))
        let button = try #require(required.disagreements.first { $0.sourceID == "btn-gte-01" })
        #expect(button.contradicted == "gte-c50-01" && button.computed.size.height == 50)
        let optional = try XcodeFrameOracle.check(file: "stale-inequality.xib", bytes: xib(" priority=\"750\""))
        #expect(optional.disagreements.allSatisfy { $0.contradicted == nil })
    }

    /// Rule L6-scroll-view-content-edges-attach-to-the-content-area (the oracle's classes; the
    /// twenty-third round): a constraint between a scroll view's edge and a view inside it is
    /// the content area's, not the frame's (Auto Layout Guide, "Working with Scroll Views"), so
    /// content 500 pt tall in a 200 pt scroll view makes no stored frame stale; a width tying the
    /// content to the scroll view's frame is the frame's and still names a stale frame when the
    /// stored frames break it. A document of our own: the scroll view hangs 20 pt below its
    /// root's top by an optional constraint (which the stale test leaves out), and Xcode's
    /// stored y of 0 ignores it, so both views disagree.
    @Test func scrollViewContentEdgesAttachToTheContentArea() throws {
        func xib(contentWidth: String) -> [UInt8] {
            Self.xib(objects: """
                        <view contentMode="scaleToFill" id="root-sc-01">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                            <subviews>
                                <scrollView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="scr-sc-01">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="200"/>
                                    <subviews>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="con-sc-01">
                                            <rect key="frame" x="0.0" y="0.0" width="\(contentWidth)" height="500"/>
                                            <constraints>
                                                <constraint firstAttribute="height" constant="500" id="sc-h-con"/>
                                            </constraints>
                                        </view>
                                    </subviews>
                                    <constraints>
                                        <constraint firstAttribute="height" constant="200" id="sc-h-scr"/>
                                        <constraint firstItem="con-sc-01" firstAttribute="top" secondItem="scr-sc-01" secondAttribute="top" id="sc-c-top"/>
                                        <constraint firstItem="con-sc-01" firstAttribute="leading" secondItem="scr-sc-01" secondAttribute="leading" id="sc-c-lead"/>
                                        <constraint firstAttribute="trailing" secondItem="con-sc-01" secondAttribute="trailing" id="sc-c-trail"/>
                                        <constraint firstAttribute="bottom" secondItem="con-sc-01" secondAttribute="bottom" id="sc-c-bottom"/>
                                    </constraints>
                                </scrollView>
                            </subviews>
                            <constraints>
                                <constraint firstItem="scr-sc-01" firstAttribute="top" secondItem="root-sc-01" secondAttribute="top" priority="750" constant="20" id="sc-top"/>
                                <constraint firstItem="scr-sc-01" firstAttribute="leading" secondItem="root-sc-01" secondAttribute="leading" id="sc-lead"/>
                                <constraint firstAttribute="trailing" secondItem="scr-sc-01" secondAttribute="trailing" id="sc-trail"/>
                                <constraint firstItem="con-sc-01" firstAttribute="width" secondItem="scr-sc-01" secondAttribute="width" id="sc-width"/>
                            </constraints>
                        </view>
                """)
        }
        let pinned = try XcodeFrameOracle.check(file: "scroll-content.xib", bytes: xib(contentWidth: "375"))
        let scroll = try #require(pinned.disagreements.first { $0.sourceID == "scr-sc-01" })
        #expect(scroll.stored.minY == 0 && scroll.computed.minY == 20 && scroll.contradicted == nil)
        #expect(pinned.disagreements.allSatisfy { $0.contradicted == nil }, "\(pinned.disagreements)")
        let narrow = try XcodeFrameOracle.check(file: "scroll-content.xib", bytes: xib(contentWidth: "300"))
        let content = try #require(narrow.disagreements.first { $0.sourceID == "con-sc-01" })
        #expect(content.contradicted == "sc-width")
    }
}

extension XcodeFrameOracleTests {
    /// A xib of our own (tools version 15705, `retina4_7`, Auto Layout) around `objects`.
    static func xib(objects: String) -> [UInt8] {
        Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="15705" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
                <device id="retina4_7" orientation="portrait" appearance="light"/>
                <objects>
            \(objects)
                </objects>
            </document>
            """.utf8)
    }

    /// Issue 23's measure counts the views whose frame Auto Layout decides
    /// (`XcodeFrameOracle.Placement`): a view Xcode wrote `translatesAutoresizingMaskIntoConstraints="NO"`
    /// on, and a stack view's arranged subview even without the flag (`addArrangedSubview` sets
    /// it); not the top-level view, a cell's content view, a view with `fixedFrame="YES"`, or an
    /// autoresizing view, inside a constraint-driven view or not. A document of our own.
    @Test func theIssuesMeasureCountsConstraintDrivenViewsOnly() throws {
        let xib = Self.xib(objects: """
                    <view contentMode="scaleToFill" id="cd-top-01">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                        <subviews>
                            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="cd-stk-01">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="cd-arr-01">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="50"/>
                                        <subviews>
                                            <view contentMode="scaleToFill" id="cd-ars-01">
                                                <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                                                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                                            </view>
                                            <view contentMode="scaleToFill" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="cd-fix-01">
                                                <rect key="frame" x="20" y="0.0" width="10" height="10"/>
                                                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                                            </view>
                                        </subviews>
                                    </view>
                                    <view contentMode="scaleToFill" id="cd-arr-02">
                                        <rect key="frame" x="0.0" y="50" width="375" height="50"/>
                                    </view>
                                </subviews>
                                <constraints>
                                    <constraint firstAttribute="height" constant="100" id="cd-c00-01"/>
                                    <constraint firstItem="cd-arr-01" firstAttribute="height" secondItem="cd-arr-02" secondAttribute="height" id="cd-c00-02"/>
                                </constraints>
                            </stackView>
                            <view contentMode="scaleToFill" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="cd-fix-02">
                                <rect key="frame" x="0.0" y="200" width="40" height="40"/>
                                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            </view>
                            <view contentMode="scaleToFill" id="cd-ars-02">
                                <rect key="frame" x="100" y="200" width="40" height="40"/>
                                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                            </view>
                        </subviews>
                        <constraints>
                            <constraint firstItem="cd-stk-01" firstAttribute="top" secondItem="cd-top-01" secondAttribute="top" id="cd-c01-01"/>
                            <constraint firstItem="cd-stk-01" firstAttribute="leading" secondItem="cd-top-01" secondAttribute="leading" id="cd-c02-01"/>
                            <constraint firstAttribute="trailing" secondItem="cd-stk-01" secondAttribute="trailing" id="cd-c03-01"/>
                        </constraints>
                    </view>
                    <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="cd-cel-01">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="cd-cel-01" id="cd-con-01">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </tableViewCellContentView>
                    </tableViewCell>
            """)
        let doc = try IBDocument(tree: XMLTree.parse(xib, limits: ImportLimits()))
        func placement(_ id: String) throws -> XcodeFrameOracle.Placement {
            XcodeFrameOracle.placement(try #require(doc.elementsByID[id]), doc)
        }
        #expect(try placement("cd-top-01") == .root && placement("cd-cel-01") == .root)
        #expect(try placement("cd-con-01") == .owner)
        #expect(try placement("cd-stk-01") == .constraints && placement("cd-arr-01") == .constraints)
        #expect(try placement("cd-arr-02") == .arranged)
        #expect(try placement("cd-ars-01") == .autoresizingInConstraintDriven && placement("cd-fix-01") == .fixedFrameInConstraintDriven)
        #expect(try placement("cd-fix-02") == .fixedFrame && placement("cd-ars-02") == .autoresizing)
        let result = try XcodeFrameOracle.check(file: "constraint-driven.xib", bytes: xib)
        #expect(result.constraintDriven == 3 && result.compared == 10, "\(result.placements)")
        #expect(result.placements[.constraints] == 2 && result.placements[.arranged] == 1 && result.placements.values.reduce(0, +) == result.compared)
        #expect(result.constraintDrivenAgreeing <= result.constraintDriven && result.agreeing >= result.constraintDrivenAgreeing)
    }
}

/// Where one run of the IB oracles reads and writes (`TOUCHTRACE_IB_CORPUS`,
/// `TOUCHTRACE_IB_REPORT`, `TOUCHTRACE_ORACLE_FILES`, `TOUCHTRACE_RECORD_FIXTURES`).
struct OracleRun {
    var corpus: Corpus
    /// Only the files whose names contain one of these.
    var only: [Substring]?
    var recording: Bool
    /// The table's file: docs/import-ib-corpus.md for the shared corpus (compared, or rewritten
    /// when recording); for a folder of one's own, `TOUCHTRACE_IB_REPORT` (always written) or none.
    var reportURL: URL?
    var isShared: Bool { corpus.own == nil }

    init(environment: [String: String], corpus: Corpus) {
        self.corpus = corpus
        only = environment["TOUCHTRACE_ORACLE_FILES"].map { $0.split(separator: ",") }
        recording = environment["TOUCHTRACE_RECORD_FIXTURES"] == "1"
        if corpus.own == nil {
            reportURL = Corpus.packageRoot.appendingPathComponent("docs/import-ib-corpus.md")
        } else {
            reportURL = environment["TOUCHTRACE_IB_REPORT"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        }
    }

    /// Writes or compares the table. A subset of files (`only`) writes and compares nothing.
    func record(_ report: IBCorpusReport) throws {
        guard only == nil, let url = reportURL else {
            if !isShared { print(report.markdown(source: corpus.source)) }
            return
        }
        let markdown = report.markdown(source: corpus.source)
        if !isShared || recording {
            try markdown.write(to: url, atomically: true, encoding: .utf8)
        } else {
            let committed = try String(contentsOf: url, encoding: .utf8)
            #expect(committed == markdown, "docs/import-ib-corpus.md is not what the oracles give now (TOUCHTRACE_RECORD_FIXTURES=1 rewrites it; review the diff)")
        }
    }
}

extension XcodeFrameOracleTests {
    /// Debugging aid: `TOUCHTRACE_IB_DUMP=<corpus file>:<scene id>` prints that import's scene
    /// and warnings (nothing is checked).
    @Test(.requires(.ib), .requiresEnvironment("TOUCHTRACE_IB_DUMP")) func dumpOneImport() throws {
        guard let spec = ProcessInfo.processInfo.environment["TOUCHTRACE_IB_DUMP"], let corpus = try Corpus.ib.load() else { return }
        let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
        guard let entry = corpus.first(where: { $0.file == parts[0] }) else { return }
        let options = ImportOptions(scene: parts.count > 1 ? parts[1] : nil, canvas: true)
        let result = try Importer.importDocument(entry.bytes, format: ImportFormat(fileName: entry.file) ?? .xib, options: options)
        print(JSONWriter(pretty: true).string(result.json))
        if let json = result.scene {
            let layout = try TouchTrace.layout(LayoutRequest(changes: [], includeConstraints: true), in: SceneDecoder().decode(json))
            print(JSONWriter(pretty: true).string(.obj(["frames": layout["frames"] ?? .null, "constraints": layout["constraints"] ?? .null, "conflicts": layout["conflicts"] ?? .null, "ambiguous": layout["ambiguous"] ?? .null])))
        }
    }
}
