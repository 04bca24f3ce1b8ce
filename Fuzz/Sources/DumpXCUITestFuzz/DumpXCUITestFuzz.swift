import FuzzSupport
import TouchTraceEngine
import TouchTraceOperations

/// The `import` operation on a hierarchy dump with `format: xcuitest`, as `POST /v1/import` runs
/// it — XCUITest's `debugDescription`: sections, element lines with quoted attributes and frames, and
/// the scene it makes. Any bytes give a scene or a problem document, and a scene
/// always loads (`FuzzSupport.checkImportedScene`: the importer does not check its own scenes).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let request: JSONValue = .obj(["format": "xcuitest"])
    let result = FuzzSupport.runImport(request, document: FuzzSupport.bytes(data, size))
    FuzzSupport.checkImportedScene(result)
    return 0
}

@_cdecl("DumpXCUITestFuzz_main")
func harnessMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.drive(argc, argv, fuzz)
}
