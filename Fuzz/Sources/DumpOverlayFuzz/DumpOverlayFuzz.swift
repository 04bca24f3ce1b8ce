import FuzzSupport
import TouchTraceEngine
import TouchTraceOperations

/// An import overlay (JSON) on a fixed dump with a control, a list and a controller, sent as
/// `POST /v1/import` sends one: `{"dump": …, "overlay": <the input>}`. The overlay's decoder, its
/// patches on the scene and the scene decoder's check of the result; bytes that are not JSON are
/// a problem document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let overlay = try? JSONParser(maxNesting: 256).parse(FuzzSupport.bytes(data, size)) else { return 0 }
    let envelope: JSONValue = .obj(["dump": .string(dump), "overlay": overlay])
    let body = JSONWriter().bytes(envelope)
    let result = FuzzSupport.runImport(.obj([:]), document: body)
    FuzzSupport.checkImportedScene(result)
    return 0
}

@_cdecl("DumpOverlayFuzz_main")
func harnessMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    FuzzSupport.drive(argc, argv, fuzz)
}

let dump = """
    <MyApp.CheckoutViewController 0x7f01>, state: appeared, view: <UIView 0x7f10>
    <UIWindow: 0x7f00; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x6000>>
       | <UIView: 0x7f10; frame = (0 0; 390 844); gestureRecognizers = <NSArray: 0x6001>; layer = <CALayer: 0x6002>>
       |    | <UIButton: 0x7f20; frame = (20 740; 350 50); layer = <CALayer: 0x6003>>
       |    | <UITableView: 0x7f30; frame = (0 100; 390 600); layer = <CALayer: 0x6004>; contentOffset: {0, 0}; contentSize: {390, 88}>
       |    |    | <UITableViewCell: 0x7f40; frame = (0 0; 390 44); text = 'Coupon'; layer = <CALayer: 0x6005>>
    """
