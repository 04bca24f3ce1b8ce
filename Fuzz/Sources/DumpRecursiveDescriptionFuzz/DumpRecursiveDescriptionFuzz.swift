import FuzzSupport
import TouchTraceEngine
import TouchTraceOperations

/// The `import` operation on a hierarchy dump with `format: recursive-description`, as `POST /v1/import` runs
/// it: UIKit's recursiveDescription (and _printHierarchy lines in the same text): the text stage (unescaping, limits), the description parser, the tree and the scene it makes. Any bytes give a scene or a problem document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let request: JSONValue = .obj(["format": "recursive-description"])
    _ = try? ImportOperation.run(OperationInput(request: request, scene: nil, limits: FuzzSupport.limits, document: FuzzSupport.bytes(data, size), transport: .http))
    return 0
}

@_cdecl("DumpRecursiveDescriptionFuzz_main")
func harnessMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.drive(argc, argv, fuzz)
}
