import FuzzChecks
import FuzzSupport

// libFuzzer target: a selector byte and an Objective-C file named `.h`, `.m` or `.mm`, read through clang
// (Documentation/Testing.md, "Fuzzing"; Documentation/ObjectiveC.md).

/// libFuzzer's per-input entry point.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzObjC(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzHarness.run(.objc, data, size)
}

/// The executable's `main`, under the name SwiftPM's link gives it.
@_cdecl("FuzzObjC_main")
func fuzzObjCMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzHarness.main(argc: argc, argv: argv, fuzz: fuzzObjC)
}
