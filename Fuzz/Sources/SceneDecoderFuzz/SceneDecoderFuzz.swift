import FuzzSupport
import TouchTraceEngine

/// The scene decoder and validator, then the initial layout cycle (constraints, stack views,
/// autoresizing) of what it accepts: any bytes give a scene or an `InputError` with pointers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzSupport.bytes(data, size)
    if let scene = try? SceneDecoder(limits: FuzzSupport.limits).decode(bytes: bytes) {
        _ = PreparedScene(scene, limits: FuzzSupport.limits)
    }
    return 0
}

@_cdecl("LLVMFuzzerCustomMutator")
public func mutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    StructureMutator.mutate(data, size, maxSize, seed)
}

@_cdecl("SceneDecoderFuzz_main")
func harnessMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.drive(argc, argv, fuzz)
}
