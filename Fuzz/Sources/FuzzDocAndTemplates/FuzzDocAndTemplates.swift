import FuzzChecks
import FuzzSupport

// libFuzzer target: a doc comment's text, then (after a NUL byte) a YAML template (Documentation/Testing.md,
// "Fuzzing").

/// libFuzzer's per-input entry point.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzDocAndTemplates(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzHarness.run(.docAndTemplates, data, size)
}

/// The executable's `main`, under the name SwiftPM's link gives it.
@_cdecl("FuzzDocAndTemplates_main")
func fuzzDocAndTemplatesMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzHarness.main(argc: argc, argv: argv, fuzz: fuzzDocAndTemplates)
}
