import FuzzSupport
import TouchTraceEngine

/// Every operation on a scene, with the scene as the input: decoded, prepared, then validated,
/// hit-tested, tapped, dragged, resized, audited and drawn (``FuzzSupport/sceneRequests``), as
/// the inline HTTP routes run them. JSON-aware mutation (``StructureMutator``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzSupport.runOperations(onScene: FuzzSupport.bytes(data, size))
    return 0
}

@_cdecl("LLVMFuzzerCustomMutator")
public func mutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    StructureMutator.mutate(data, size, maxSize, seed)
}

@_cdecl("SceneOperationsFuzz_main")
func harnessMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.drive(argc, argv, fuzz)
}
