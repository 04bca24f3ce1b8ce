import Foundation
import PackagePlugin

/// Embeds the files the server serves as they are (openapi.yaml at the package root, the
/// playground's page in Playground/) into the target at build time, as string constants of a
/// generated `EmbeddedFiles` enum. The files stay the single source: nothing generated is kept in
/// the repository, and the build reruns the generator whenever one of them changes, so the
/// `touchtrace` binary is still one file that reads nothing at run time.
@main
struct EmbedFiles: BuildToolPlugin {
    /// `EmbeddedFiles.<member>` ← the file, from the package root.
    static let files: [(member: String, path: String)] = [
        ("openAPIYAML", "openapi.yaml"),
        ("playgroundHTML", "Playground/index.html"),
        ("playgroundCSS", "Playground/playground.css"),
        ("playgroundJS", "Playground/playground.js"),
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let inputs = Self.files.map { root.appending(path: $0.path) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        let arguments = [output.path] + zip(Self.files, inputs).flatMap { file, url in [file.member, file.path, url.path] }
        return [
            .buildCommand(
                displayName: "Embedding \(Self.files.map(\.path).joined(separator: ", ")) in \(target.name)",
                executable: try context.tool(named: "embed-files").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
