import ArgumentParser
import Foundation
import TouchTraceEngine

/// `touchtrace touches SCENE.json TOUCHES.json`: the delivery trace of `POST /v1/…/touches`.
struct TouchesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touches",
        abstract: "Replay touches against a scene: delivery, control tracking, control events and actions (rules R2–R4, C1–C9, T1–T4, M1–M3).",
        discussion: """
            The touches file is the body of POST /v1/scenes/{id}/touches, for example
            {"tap": {"x": 40, "y": 720}} or {"touches": [{"touch": 1, "phase": "began", "x": 40, "y": 720, "t": 0}, …]}.
            See docs/touches.md.
            """
    )

    @Argument(help: "The scene file (JSON), or - for standard input.")
    var scene: String

    @Argument(help: "The touches request file (JSON).")
    var touches: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        let loaded = try loadScene(path: scene, output: output)
        let body = try loadRequest(path: touches, output: output)
        do {
            let request = try TouchRequest.decode(body)
            print(JSONWriter(pretty: output.pretty).string(try TouchTrace.touches(request, in: loaded)))
        } catch {
            fail(error.problemDocument, output: output)
        }
    }
}

/// `touchtrace actions SCENE.json ACTIONS.json`: the `sendActions(for:)` trace of
/// `POST /v1/…/actions`.
struct ActionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "actions",
        abstract: "Call sendActions(for:) on a control from code and show where each action goes (rules T1–T7).",
        discussion: """
            The actions file is the body of POST /v1/scenes/{id}/actions, for example
            {"sender": "payButton", "events": ["touchUpInside"]}. See docs/touches.md.
            """
    )

    @Argument(help: "The scene file (JSON), or - for standard input.")
    var scene: String

    @Argument(help: "The actions request file (JSON).")
    var actions: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        let loaded = try loadScene(path: scene, output: output)
        let body = try loadRequest(path: actions, output: output)
        do {
            let request = try ActionsRequest.decode(body)
            print(JSONWriter(pretty: output.pretty).string(try TouchTrace.actions(request, in: loaded)))
        } catch {
            fail(error.problemDocument, output: output)
        }
    }
}
