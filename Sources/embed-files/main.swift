import Foundation

// The EmbedFiles build-tool plugin's generator (Plugins/EmbedFiles): writes a Swift file that
// holds text files as string constants, so a binary serves them without reading files.
//
//     embed-files OUTPUT.swift (MEMBER NAME FILE)...
//
// Each file becomes `static let MEMBER = #"""…"""#` in `enum EmbeddedFiles`, documented with
// NAME (its path in the package). The raw string's delimiter has one `#` more than any run of
// `#` in the file, so no content can end the literal early; a file that is not UTF-8, or whose
// lines do not end in "\n" alone, is refused (a multi-line literal would change its bytes).

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("embed-files: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let outputPath = arguments.first, (arguments.count - 1) % 3 == 0, arguments.count > 1 else {
    fail("usage: embed-files OUTPUT.swift (MEMBER NAME FILE)...")
}

/// The longest run of `#` in the text.
func longestHashRun(_ text: String) -> Int {
    var longest = 0
    var run = 0
    for character in text.unicodeScalars {
        run = character == "#" ? run + 1 : 0
        longest = max(longest, run)
    }
    return longest
}

var swift = """
    // Generated at build time by the EmbedFiles plugin (Plugins/EmbedFiles) from the files named
    // below. Not in the repository: edit the files themselves.

    /// Files of the package, embedded in the binary as text.
    enum EmbeddedFiles {

    """
for start in stride(from: 1, to: arguments.count, by: 3) {
    let (member, name, path) = (arguments[start], arguments[start + 1], arguments[start + 2])
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    guard let text = String(data: data, encoding: .utf8) else { fail("\(path) is not UTF-8") }
    if text.contains("\r") { fail("\(path) has a carriage return, which a Swift string literal would not keep") }
    let hashes = String(repeating: "#", count: longestHashRun(text) + 1)
    swift += """
            /// \(name)
            static let \(member) = \(hashes)\"""
        \(text)
        \"""\(hashes)

        """
}
swift += "}\n"

// Written only when it changes, so an unchanged file does not recompile its target.
let output = URL(fileURLWithPath: outputPath)
if FileManager.default.contents(atPath: outputPath) != Data(swift.utf8) {
    do {
        try Data(swift.utf8).write(to: output, options: .atomic)
    } catch {
        fail("cannot write \(outputPath): \(error)")
    }
}
