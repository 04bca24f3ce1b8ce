import FuzzSupport
import TouchTraceEngine

/// The request decoders of every catalogue operation on a scene (hit-test points, touch
/// sequences and their shorthands, actions, layout changes, and any operation added to the
/// catalogue later), each run on a fixed scene as the HTTP pipeline runs them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let request = try? JSONParser(maxNesting: 256).parse(FuzzSupport.bytes(data, size)) else { return 0 }
    FuzzSupport.runOperations(request)
    return 0
}

@_cdecl("LLVMFuzzerCustomMutator")
public func mutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    StructureMutator.mutate(data, size, maxSize, seed)
}

@_cdecl("RequestsFuzz_main")
func harnessMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.drive(argc, argv, fuzz)
}
