import FuzzSupport
import TouchTraceEngine

/// The strict JSON parser (every body and scene file goes through it), and the writer on what
/// it parsed: any bytes either parse or throw a `JSONParseError` with a line and column.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzSupport.bytes(data, size)
    if let value = try? JSONParser(maxNesting: 256).parse(bytes) {
        // What was parsed writes back and parses again to the same value.
        let written = JSONWriter().bytes(value)
        guard let again = try? JSONParser(maxNesting: 256).parse(written), JSONWriter().bytes(again) == written else {
            fatalError("JSONWriter output does not parse back to the same value")
        }
    }
    return 0
}

@_cdecl("JSONParserFuzz_main")
func harnessMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.drive(argc, argv, fuzz)
}
