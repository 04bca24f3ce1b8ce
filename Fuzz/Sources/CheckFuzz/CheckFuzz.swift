import FuzzSupport

/// `touchtrace check`: any bytes as an expectation file (YAML or JSON, aliases and anchors
/// included) run against the fixed scene, as the CLI reads and runs it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzSupport.runCheck(FuzzSupport.bytes(data, size))
    return 0
}

@_cdecl("CheckFuzz_main")
func harnessMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.drive(argc, argv, fuzz)
}
