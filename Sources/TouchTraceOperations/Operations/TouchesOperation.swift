import ArgumentParser
import TouchTraceEngine

/// `touches`: replays touches against a scene (R2–R4, C1–C9, T1–T4, G1–G6, S1–S8, M1–M3, V1–V4,
/// F1, F2, B1–B3).
public enum TouchesOperation: TouchTraceOperation {
    public static let name = "touches"
    public static let abstract = "Replay touches against a scene: delivery, control tracking, recognizers, scrolling, selection, focus, control events and actions."
    public static let discussion = """
        The request is {"tap": {"x": 40, "y": 720}}, {"drag": {"from": …, "to": …}}, \
        {"longPress": {…}} or {"touches": [{"touch": 1, "phase": "began", "x": 40, "y": 720, "t": 0}, …]}, \
        with optional "window" and "changes". See docs/touches.md. A scene imported from a dump that \
        prints no frames (print-hierarchy, autolayout-trace) with no frame given is refused at "/touches"; \
        actions answers as for any scene (sendActions(for:) reads no frame).
        """
    public static let rules: [RuleID] = [
        .R1, .R2, .R3, .R4, .C1, .C2, .C3, .C4, .C5, .C6, .C7, .C8, .C9, .T1, .T2, .T3, .T4, .G1, .G2, .G3, .G4, .G5, .G6,
        .S1, .S2, .S3, .S4, .S5, .S6, .S7, .S8, .H3, .M1, .M2, .M3, .V1, .V2, .V3, .V4, .B1, .B2, .B3, .F1, .F2,
    ]
    public static let sceneUse = SceneUse.required

    public struct Options: OperationOptions {
        @OptionGroup public var scene: SceneFile

        @Argument(help: ArgumentHelp("The touches request file (JSON): the body of POST /v1/scenes/{id}/touches.", valueName: "touches"))
        public var touches: String

        public init() {}

        public var sceneFile: String? { scene.path }

        public func input(_ cli: CLIContext) throws -> TouchRequest {
            try TouchesOperation.decode(OperationRequest(try RequestFile.parse(touches, cli)))
        }
    }

    public static func decode(_ request: OperationRequest) throws(OperationError) -> TouchRequest {
        try answering { () throws(InputError) in try TouchRequest.decode(request.json, extraFields: request.transportFields) }
    }

    public static func run(_ input: TouchRequest, in context: OperationContext) throws(OperationError) -> OperationResult {
        let result = try answering { () throws(InputError) in try TouchTrace.touches(input, in: context.requiredScene, limits: context.limits) }
        return OperationResult(.encodedJSON(ResponseEncoder.bytes(result)))
    }
}

/// `actions`: `sendActions(for:)` from code on a control, and where each action goes (T1–T7).
public enum ActionsOperation: TouchTraceOperation {
    public static let name = "actions"
    public static let abstract = "Call sendActions(for:) on a control from code and show where each action goes."
    public static let discussion = """
        The request is {"sender": "payButton", "events": ["touchUpInside"]}, with optional "add" \
        and "remove" (addTarget / removeTarget calls made first) and "changes". See docs/touches.md.
        """
    public static let rules: [RuleID] = [.R1, .T1, .T2, .T3, .T4, .T5, .T6, .T7]
    public static let sceneUse = SceneUse.required

    public struct Options: OperationOptions {
        @OptionGroup public var scene: SceneFile

        @Argument(help: ArgumentHelp("The actions request file (JSON): the body of POST /v1/scenes/{id}/actions.", valueName: "actions"))
        public var actions: String

        public init() {}

        public var sceneFile: String? { scene.path }

        public func input(_ cli: CLIContext) throws -> ActionsRequest {
            try ActionsOperation.decode(OperationRequest(try RequestFile.parse(actions, cli)))
        }
    }

    public static func decode(_ request: OperationRequest) throws(OperationError) -> ActionsRequest {
        try answering { () throws(InputError) in try ActionsRequest.decode(request.json, extraFields: request.transportFields) }
    }

    public static func run(_ input: ActionsRequest, in context: OperationContext) throws(OperationError) -> OperationResult {
        let result = try answering { () throws(InputError) in try TouchTrace.actions(input, in: context.requiredScene, limits: context.limits) }
        return OperationResult(.encodedJSON(ResponseEncoder.bytes(result)))
    }
}
