/// Where the engine's answers become JSON: one writer per answer, called by the operations (the
/// HTTP API and the CLI answer its bytes), `touchtrace check` (whose JSON report quotes the
/// traces) and any Swift program that embeds the engine. The facade (``TouchTrace``) returns
/// typed values and never JSON.
///
/// Every document is compact, with keys in sorted byte order and numbers in `JSONWriter`'s one
/// format, so the same answer is the same bytes. The traces are written straight to bytes from
/// the typed values (the API's hot paths: no `JSONValue` tree); ``json(_:)-(HitTestResult)``
/// gives the same document as a value. Each writer writes its keys in sorted order; in debug
/// builds (every test run) the encoder checks each document it writes (up to a megabyte) and
/// stops at the first object whose keys are out of order, naming it.
///
/// ```swift
/// let result = try TouchTrace.hitTest(HitTestRequest(points: [Point(x: 100, y: 300)], single: true), in: prepared, limits: limits)
/// let body = ResponseEncoder.bytes(result)   // {"hitView":"locateButton","point":{…},…}
/// ```
public enum ResponseEncoder {
    // MARK: Hit test

    /// One trace for a request with `point`; `{"results": [...]}` for one with `points`.
    public static func bytes(_ result: HitTestResult) -> [UInt8] {
        var out = JSONOutput(capacity: result.traces.reduce(16) { $0 + capacity(of: $1) })
        if result.single, let trace = result.traces.first {
            trace.write(in: result.scene, into: &out)
        } else {
            out.raw("{\"results\":[")
            for (i, trace) in result.traces.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                trace.write(in: result.scene, into: &out)
            }
            out.raw("]}")
        }
        return checked(out.bytes)
    }

    /// One hit-test trace, its view indices read in `scene`.
    public static func bytes(_ trace: HitTestTrace, in scene: Scene) -> [UInt8] {
        var out = JSONOutput(capacity: capacity(of: trace))
        trace.write(in: scene, into: &out)
        return checked(out.bytes)
    }

    /// About the bytes of a hit-test trace (a step is 150 to 200 bytes), so its buffer grows once at most.
    static func capacity(of trace: HitTestTrace) -> Int { 256 + 192 * trace.steps.count }

    // MARK: Touches and actions

    /// `{actions, controlEvents, firstResponder?, log, state, touches, views?}`.
    public static func bytes(_ result: TouchesResult) -> [UInt8] {
        var out = JSONOutput(capacity: 256 + 160 * result.trace.log.count)
        result.trace.writeTouchesResponse(in: result.scene, into: &out)
        return checked(out.bytes)
    }

    /// `{actions, allTargets, controlEvents, log, state, targets}`.
    public static func bytes(_ result: ActionsResult) -> [UInt8] {
        let trace = result.trace
        var out = JSONOutput(capacity: 256 + 160 * trace.log.count)
        out.raw("{\"actions\":")
        trace.writeActions(in: result.scene, into: &out)
        out.raw(",\"allTargets\":[")
        for (i, target) in result.allTargets.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.string(orNull: target)
        }
        out.raw("],\"controlEvents\":")
        trace.writeControlEvents(in: result.scene, into: &out)
        out.raw(",\"log\":")
        trace.writeLog(in: result.scene, into: &out)
        out.raw(",\"state\":")
        trace.writeState(in: result.scene, into: &out)
        out.raw(",\"targets\":[")
        for (i, registration) in result.targets.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            registration.write(into: &out)
        }
        out.raw("]}")
        return checked(out.bytes)
    }

    /// One action as the answers' `actions` list it.
    public static func bytes(_ action: SentAction) -> [UInt8] {
        var out = JSONOutput(capacity: 192)
        out.byte(UInt8(ascii: "{"))
        TouchesTrace.writeDelivery(action.delivery, rule: action.rule, into: &out)
        out.byte(UInt8(ascii: "}"))
        return checked(out.bytes)
    }

    /// One control event as the answers' `controlEvents` list it: `{control, event, touch}`.
    public static func bytes(_ event: SentControlEvent, in scene: Scene) -> [UInt8] {
        var out = JSONOutput(capacity: 64)
        TouchesTrace.write(event, in: scene, into: &out)
        return checked(out.bytes)
    }

    // MARK: Layout

    /// `{ambiguous?, conflicts?, constraints?, contentOffsets?, frames, layoutSubviews, log, subviews}`.
    public static func bytes(_ result: LayoutResult) -> [UInt8] {
        // Room for the whole answer up front, so that the buffer is not grown (a copy of what is
        // written so far, ~0.35% of a new 1,000-view card request; issue 27, branch perf27): ~62
        // bytes per frame, 88–95 per `layoutSubviews` call and 103–132 per log entry in the
        // benchmark's answers (cards 400,482 bytes, autoresizing 332,670), which the old bound
        // (64 per view, 128 per entry of the changes' log, nothing for the calls) fell short of.
        let initial = result.includeInitialLayout
        let calls = result.trace.calls.count + (initial ? result.trace.initialCalls.count : 0)
        let entries = result.trace.log.count + (initial ? result.trace.initialLog.count : 0)
        var out = JSONOutput(capacity: 64 * result.scene.views.count + 96 * calls + 160 * entries)
        result.write(into: &out)
        return checked(out.bytes)
    }

    // MARK: Validation and audit

    /// `{valid: true, views, warnings, windows}`, each warning `{kind, message, pointer}`.
    public static func json(_ report: ValidationReport) -> JSONValue {
        .obj([
            "valid": true, "views": .number(Double(report.views)), "windows": .number(Double(report.windows)),
            "warnings": .array(report.warnings.map(\.json)),
        ])
    }

    public static func bytes(_ report: ValidationReport) -> [UInt8] { JSONWriter().bytes(json(report)) }

    /// The audit report (docs/audit.md): `profile`, `findings`, `allowed`, `targets`, `summary`.
    public static func json(_ report: AuditReport) -> JSONValue { report.json(listingFindings: true) }

    public static func bytes(_ report: AuditReport) -> [UInt8] { JSONWriter().bytes(json(report)) }

    // MARK: Why not

    /// `{causes, fixes, frames, hitView, point, reachable, view, window}` (docs/why-not.md).
    public static func json(_ result: WhyNotResult) -> JSONValue { result.diagnosis.json(in: result.scene) }

    public static func bytes(_ result: WhyNotResult) -> [UInt8] { JSONWriter().bytes(json(result)) }

    // MARK: Values

    /// The same documents as values, for callers that embed them in documents of their own
    /// (`touchtrace check`'s JSON report) or read them in tests of the JSON form.
    public static func json(_ result: HitTestResult) -> JSONValue { value(bytes(result)) }
    public static func json(_ trace: HitTestTrace, in scene: Scene) -> JSONValue { value(bytes(trace, in: scene)) }
    public static func json(_ result: TouchesResult) -> JSONValue { value(bytes(result)) }
    public static func json(_ result: ActionsResult) -> JSONValue { value(bytes(result)) }
    public static func json(_ action: SentAction) -> JSONValue { value(bytes(action)) }
    public static func json(_ event: SentControlEvent, in scene: Scene) -> JSONValue { value(bytes(event, in: scene)) }
    public static func json(_ result: LayoutResult) -> JSONValue { value(bytes(result)) }

    /// A document this encoder wrote, parsed (it always parses: the writers write JSON, nested a
    /// few levels deep).
    static func value(_ bytes: [UInt8]) -> JSONValue {
        (try? JSONParser().parse(bytes)) ?? .null
    }

    /// `bytes`, after checking in debug builds that every object's keys are in sorted order (up
    /// to a megabyte: the fixtures' answers and more; the stress tests' answers of tens of
    /// megabytes are left to the tests that check the form).
    @inline(__always) static func checked(_ bytes: [UInt8]) -> [UInt8] {
        assert(bytes.count > debugCheckLimit || unsorted(bytes) == nil, "ResponseEncoder: keys out of order at \(unsorted(bytes) ?? "")")
        return bytes
    }

    static let debugCheckLimit = 1 << 20

    /// The first object of `bytes` whose keys are out of order (or the parse error), or nil.
    static func unsorted(_ bytes: [UInt8]) -> String? {
        do {
            return try JSONParser().parse(bytes).firstUnsortedObject
        } catch {
            return "not JSON: \(error.message) at byte \(error.offset)"
        }
    }
}

extension ResponseEncoder {
    /// The audit report without its `findings` and `allowed` lists (a caller that lists the
    /// findings itself quotes each with ``json(_:in:allowedBecause:)``).
    public static func json(_ report: AuditReport, listingFindings: Bool) -> JSONValue { report.json(listingFindings: listingFindings) }

    /// One finding of `report`, as the report lists it (under `allowed`, with `reason`, when the
    /// allow-list accepted it).
    public static func json(_ finding: AuditFinding, in report: AuditReport, allowedBecause reason: String? = nil) -> JSONValue {
        report.json(finding, allowedBecause: reason)
    }
}
