import ArgumentParser
import Foundation
import TouchTraceEngine

@main
struct TouchTraceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchtrace",
        abstract: "Run UIKit's layout, hit-testing, responder-chain, control and target-action rules on a view tree (a scene) and explain every step.",
        discussion: """
            `touchtrace serve` runs the HTTP API. The other subcommands run the same engine on \
            files and print the same JSON the API returns, with sorted keys; a bad scene or \
            request prints an RFC 9457 problem document and exits with status 1. Scenes are JSON \
            documents of format touchtrace.scene/1 (see docs/scene-format.md).
            """,
        subcommands: [ServeCommand.self, HitTestCommand.self, TouchesCommand.self, ActionsCommand.self, LayoutCommand.self, ValidateCommand.self]
    )
}

/// Options shared by the subcommands that print JSON.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Indent the JSON output.")
    var pretty = false
}

struct HitTestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hit-test",
        abstract: "Which view does a touch at a point hit, and why (rules H1–H9, R1)?",
        discussion: """
            Example: touchtrace hit-test Examples/map-overlay.json --point 100,300
            With one --point the output is one trace; with several it is {"results": [...]}.
            """
    )

    @Argument(help: "The scene file (JSON), or - for standard input.")
    var scene: String

    @Option(name: .customLong("point"), help: ArgumentHelp("A point X,Y in window coordinates; repeat for several.", valueName: "x,y"))
    var points: [String] = []

    @Option(help: "The id of the window whose coordinates the points are in (default: the front-most).")
    var window: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if points.isEmpty { throw ValidationError("give at least one --point X,Y") }
    }

    func run() throws {
        let parsed = try points.map(Self.parsePoint)
        let scene = try loadScene(path: scene, output: output)
        let request = HitTestRequest(points: parsed, single: parsed.count == 1, window: window)
        do {
            if output.pretty {
                print(JSONWriter(pretty: true).string(try TouchTrace.hitTest(request, in: scene)))
            } else {
                print(String(decoding: try TouchTrace.hitTestBytes(request, in: scene), as: UTF8.self))
            }
        } catch {
            fail(error.problemDocument, output: output)
        }
    }

    static func parsePoint(_ text: String) throws -> Point {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let x = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let y = Double(parts[1].trimmingCharacters(in: .whitespaces)), x.isFinite, y.isFinite
        else {
            throw ValidationError("--point takes two finite numbers as X,Y, not \"\(text)\"")
        }
        return Point(x: x, y: y)
    }
}

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a scene and list every problem with its JSON pointer.",
        discussion: "Prints {\"valid\": true, \"views\": N, \"windows\": N} for a good scene, or the problem document."
    )

    @Argument(help: "The scene file (JSON), or - for standard input.")
    var scene: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        let loaded = try loadScene(path: scene, output: output)
        let summary: JSONValue = .obj([
            "valid": true, "views": .number(Double(loaded.views.count)),
            "windows": .number(Double(loaded.windows.count)),
        ])
        print(JSONWriter(pretty: output.pretty).string(summary))
    }
}

/// The bytes of a file, or of standard input for `-`.
func readInput(path: String) throws -> [UInt8] {
    do {
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: path))
        return [UInt8](data)
    } catch {
        throw ValidationError("cannot read \(path): \(error.localizedDescription)")
    }
}

/// Reads and decodes a scene file, or prints the problem document and exits 1.
func loadScene(path: String, output: OutputOptions) throws -> Scene {
    let bytes = try readInput(path: path)
    do {
        return try SceneDecoder().decode(bytes: bytes)
    } catch {
        fail(error.problemDocument, output: output)
    }
}

/// Reads and parses a request file, or prints the problem document and exits 1.
func loadRequest(path: String, output: OutputOptions) throws -> JSONValue {
    let bytes = try readInput(path: path)
    do {
        return try JSONParser().parse(bytes)
    } catch {
        fail(InputError.malformed(error).problemDocument, output: output)
    }
}

func fail(_ problem: ProblemDocument, output: OutputOptions) -> Never {
    print(JSONWriter(pretty: output.pretty).string(problem.json))
    TouchTraceCommand.exit(withError: ExitCode(1))
}
