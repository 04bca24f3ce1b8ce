import FuzzSupport
import TouchTraceEngine
import TouchTraceOperations

/// The `import` operation on a hierarchy dump with `format: autolayout-trace`, as `POST /v1/import` runs
/// it — `UIView._autolayoutTrace`: `*`/`|` indents, `<Class: 0x…>` descriptions, AMBIGUOUS LAYOUT marks, and
/// the scene it makes. Any bytes give a scene or a problem document, and a scene
/// always loads (`FuzzSupport.checkImportedScene`: the importer does not check its own scenes).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let request: JSONValue = .obj(["format": "autolayout-trace"])
    let result = FuzzSupport.runImport(request, document: FuzzSupport.bytes(data, size))
    FuzzSupport.checkImportedScene(result)
    return 0
}

@_cdecl("DumpAutolayoutTraceFuzz_main")
func harnessMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.drive(argc, argv, fuzz)
}
