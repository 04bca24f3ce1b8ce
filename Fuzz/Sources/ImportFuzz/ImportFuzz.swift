import FuzzSupport
import TouchTraceEngine

/// The importers: any bytes, the format sniffed as `POST /v1/import` does (Interface Builder XML,
/// Figma JSON, and every format added to the importer later), give a scene and warnings or an
/// error with its place. Byte-level mutation (XML and JSON seeds alike).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = FuzzSupport.runImport(.obj([:]), document: FuzzSupport.bytes(data, size))
    return 0
}

@_cdecl("ImportFuzz_main")
func harnessMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.drive(argc, argv, fuzz)
}
