import ArgumentParser
import Foundation
import TouchTraceEngine

/// `touchtrace layout SCENE.json CHANGES.json`: the response of `POST /v1/…/layout`.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Apply layout changes to a scene: where every view ends up and which layoutSubviews run, and why (rules L1–L6, M4).",
        discussion: """
            The changes file is the body of POST /v1/scenes/{id}/layout, for example
            {"changes": [{"op": "resizeWindow", "window": "win", "width": 844, "height": 390}]},
            or just the list of changes. With constraints or stack views (L6) the output also
            has "conflicts" and "ambiguous"; changes include setConstraint (constant, priority,
            active) and addConstraint. See docs/layout.md and docs/autolayout.md.
            """
    )

    @Argument(help: "The scene file (JSON), or - for standard input.")
    var scene: String

    @Argument(help: "The changes file (JSON): a request body or a list of changes.")
    var changes: String

    @Flag(help: "Also list the initial layout cycle's layoutSubviews calls.")
    var includeInitialLayout = false

    @Flag(help: "Also list every Auto Layout constraint, declared and generated, with its origin.")
    var includeConstraints = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        let loaded = try loadScene(path: scene, output: output)
        var body = try loadRequest(path: changes, output: output)
        if case .array = body { body = .obj(["changes": body]) }
        do {
            var request = try LayoutRequest.decode(body)
            if includeInitialLayout { request.includeInitialLayout = true }
            if includeConstraints { request.includeConstraints = true }
            print(JSONWriter(pretty: output.pretty).string(try TouchTrace.layout(request, in: loaded)))
        } catch {
            fail(error.problemDocument, output: output)
        }
    }
}
