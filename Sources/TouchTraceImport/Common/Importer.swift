import TouchTraceEngine

/// The entry point of every design-file import: bytes and options in, a scene document with
/// warnings out (or the document's list of scenes). Reads no files, keeps no state: the CLI and
/// the HTTP route pass the bytes they read.
///
/// ```swift
/// let result = try Importer.importDocument(bytes, format: .storyboard, options: ImportOptions(fileName: "Main.storyboard"))
/// let scene = try SceneDecoder().decode(result.scene!)   // always decodes
/// print(JSONWriter(pretty: true).string(result.json))
/// ```
public enum Importer {
    public static func importDocument(
        _ bytes: [UInt8], format: ImportFormat, options: ImportOptions = ImportOptions()
    ) throws(ImportError) -> ImportResult {
        switch format {
        case .xib, .storyboard:
            return try InterfaceBuilderImporter.importDocument(bytes, format: format, options: options)
        case .figma:
            return try FigmaImporter.importDocument(bytes, options: options)
        case .recursiveDescription, .xcuitest, .printHierarchy, .autolayoutTrace, .sentryViewHierarchy:
            return try DumpImporter.importDocument(bytes, format: format, options: options)
        case .penpot:
            return try PenpotImporter.importDocument(bytes, options: options)
        case .sketch:
            return try SketchImporter.importDocument(bytes, options: options)
        }
    }
}
