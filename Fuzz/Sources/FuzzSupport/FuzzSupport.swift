import TouchTraceEngine
import TouchTraceOperations

/// What the harnesses share. A harness is one file: a `@_cdecl("LLVMFuzzerTestOneInput")`
/// function that hands the bytes to one decoder and returns 0. libFuzzer reports a crash (a trap,
/// an overflow, an out-of-bounds access under AddressSanitizer), a leak, or an input slower than
/// `-timeout`; a decoder that throws its error has done its job.
public enum FuzzSupport {
    /// The input as an array (the decoders take `[UInt8]`).
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Limits small enough that a fuzzer's input cannot ask for minutes of work through sheer
    /// size (the server's defaults are larger; the code paths are the same).
    public static let limits = SceneLimits(maxDepth: 64, maxViews: 2_000)

    /// A small scene with controls, a scroll view, a stack view with constraints, gesture
    /// recognizers and two windows: requests decoded against it reach every stage.
    public static let scene: PreparedScene = {
        do {
            return PreparedScene(try SceneDecoder(limits: limits).decode(bytes: Array(sceneText.utf8)), limits: limits)
        } catch {
            fatalError("the fuzzing scene does not decode: \(error)")
        }
    }()

    /// The fixed scene's document.
    public static let sceneText = #"""
            {"windows": [
              {"id": "back", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}},
              {"id": "win", "frame": {"x": 0, "y": 0, "width": 390, "height": 844},
               "gestureRecognizers": [{"id": "tap", "type": "tap", "targets": [{"target": "root", "action": "tapped:"}]}],
               "subviews": [
                {"id": "root", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "actions": ["tapped:", "pay:"],
                 "viewController": {"id": "vc", "actions": ["pay:"]},
                 "subviews": [
                  {"id": "pay", "class": "UIButton", "frame": {"x": 20, "y": 700, "width": 350, "height": 50},
                   "control": {"targets": [{"target": null, "action": "pay:", "events": ["touchUpInside"]}]}},
                  {"id": "toggle", "class": "UISwitch", "frame": {"x": 20, "y": 600, "width": 51, "height": 31}},
                  {"id": "slider", "class": "UISlider", "frame": {"x": 20, "y": 550, "width": 200, "height": 31}},
                  {"id": "scroll", "class": "UIScrollView", "frame": {"x": 0, "y": 100, "width": 390, "height": 400},
                   "scroll": {"contentSize": {"width": 390, "height": 1200}},
                   "subviews": [{"id": "row", "class": "UIStackView", "translatesAutoresizingMaskIntoConstraints": false,
                     "stack": {"spacing": 8},
                     "constraints": [{"firstAttribute": "leading", "secondItem": "scroll", "secondAttribute": "leading", "constant": 16},
                                     {"firstAttribute": "top", "secondItem": "scroll", "secondAttribute": "top", "constant": 10}],
                     "subviews": [{"id": "title", "class": "UILabel", "text": "Total"},
                                  {"id": "amount", "class": "UILabel", "text": "$12.00"}]}]},
                  {"id": "bar", "frame": {"x": 0, "y": 0, "width": 390, "height": 44}, "autoresizingMask": ["flexibleWidth"],
                   "pointInside": {"shape": "insets", "top": -10, "left": -5, "bottom": -10, "right": -5}}
                 ]}]}
            ]}
            """#

    /// An import's scene must load: traps (a finding) when the operation answered a scene the
    /// scene decoder refuses. The dump importers make valid scenes by construction and do not
    /// decode their own output, so this is where that is checked.
    public static func checkImportedScene(_ result: OperationResult?) {
        guard let result, case let .json(body) = result.body, let scene = body["scene"] else { return }
        do {
            _ = try SceneDecoder(limits: SceneLimits()).decode(scene)
        } catch {
            fatalError("an imported scene does not load: \(error)")
        }
    }

    /// Runs every catalogue operation that takes a scene on `request`, as the HTTP pipeline does:
    /// the operation's decoder, then its one run path on the fixed scene.
    public static func runOperations(_ request: JSONValue) {
        for operation in Catalogue.operations where operation.sceneUse == .required {
            _ = run(operation, OperationRequest(request), scene: scene)
        }
    }

    /// Requests that reach every stage of a scene: a hit test, a tap, a drag, a resize, an
    /// audit, a picture with regions and the audit, validation, actions of its first control.
    public static let sceneRequests: [(operation: String, request: String)] = [
        ("validate", "{}"), ("hit-test", #"{"points": [{"x": 10, "y": 10}, {"x": 200, "y": 700}, {"x": -1e308, "y": 1e308}]}"#),
        ("touches", #"{"tap": {"x": 30, "y": 720}, "count": 2}"#),
        ("touches", #"{"drag": {"from": {"x": 30, "y": 720}, "to": {"x": 300, "y": 100}, "steps": 8}}"#),
        ("layout", #"{"changes": [{"op": "resizeWindow", "window": "win", "width": 844, "height": 390}]}"#),
        ("audit", #"{"profile": "wcag-2.5.8"}"#), ("render", #"{"regions": true, "audit": {}, "points": [{"x": 30, "y": 720}]}"#),
    ]

    /// Decodes `bytes` as a scene and, when it is one, runs ``sceneRequests`` on it (every
    /// operation that takes a scene), as the inline HTTP routes do.
    public static func runOperations(onScene bytes: [UInt8]) {
        guard let decoded = try? SceneDecoder(limits: limits).decode(bytes: bytes),
            let prepared = try? PreparedScene(decoded, limits: limits).checked()
        else { return }
        for (name, text) in sceneRequests {
            guard let request = try? JSONParser().parse(Array(text.utf8)) else { continue }
            for operation in Catalogue.operations where operation.name == name {
                _ = run(operation, OperationRequest(request), scene: prepared)
            }
        }
    }

    /// An expectation file (YAML or JSON) run by `touchtrace check` against ``scene``'s document
    /// (as `scene.json` beside it), as the CLI reads them.
    public static func runCheck(_ bytes: [UInt8]) {
        guard let options = try? CheckOperation.Options.parse(["fuzz.touchtrace.yaml"]) else { return }
        let cli = CLIContext(
            read: { path in path.hasSuffix(".touchtrace.yaml") ? bytes : Array(sceneText.utf8) }, environment: [:],
            standardOutputIsTerminal: false)
        _ = try? CheckOperation.run(options, cli: cli, limits: limits)
    }

    /// The import operation on a document and a request object, as `POST /v1/import` runs it.
    public static func runImport(_ request: JSONValue, document: [UInt8]) -> OperationResult? {
        run(ImportOperation.self, OperationRequest(request, document: document), scene: nil)
    }

    /// Decodes `request` into the operation's typed input and runs it; nil when either answers
    /// a problem document.
    static func run<Operation: TouchTraceOperation>(_ operation: Operation.Type, _ request: OperationRequest, scene: PreparedScene?) -> OperationResult? {
        guard let input = try? Operation.decode(request) else { return nil }
        return try? Operation.run(input, in: OperationContext(scene: scene, limits: limits))
    }
}

/// libFuzzer's driver (`-sanitize=fuzzer` links it). SwiftPM renames an executable target's
/// `main` to `<Target>_main` and points `main` at it, so libFuzzer's own `main` is not used: each
/// harness's `<Target>_main` hands over to the driver through ``FuzzSupport/drive(_:_:_:)``.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

extension FuzzSupport {
    /// Runs libFuzzer on `callback` with the program's arguments.
    public static func drive(
        _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32 {
        var count = argc
        var vector = argv
        return LLVMFuzzerRunDriver(&count, &vector, callback)
    }
}
