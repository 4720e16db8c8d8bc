import FuzzChecks
import FuzzSupport

// libFuzzer target: the bytes are a Swift source file, extracted in memory and its records round-tripped through JSON,
// no documents (Documentation/Testing.md, "Fuzzing").

/// libFuzzer's per-input entry point.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzRecords(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzHarness.run(.records, data, size)
}

/// The executable's `main`, under the name SwiftPM's link gives it.
@_cdecl("FuzzRecords_main")
func fuzzRecordsMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzHarness.main(argc: argc, argv: argv, fuzz: fuzzRecords)
}
