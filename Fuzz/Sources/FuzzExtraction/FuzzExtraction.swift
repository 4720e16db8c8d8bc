import FuzzChecks
import FuzzSupport

// libFuzzer target: the bytes are a Swift source file, extracted and written in every format (Documentation/Testing.md,
// "Fuzzing").

/// libFuzzer's per-input entry point.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzExtraction(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzHarness.run(.extraction, data, size)
}

/// The executable's `main`, under the name SwiftPM's link gives it.
@_cdecl("FuzzExtraction_main")
func fuzzExtractionMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzHarness.main(argc: argc, argv: argv, fuzz: fuzzExtraction)
}
