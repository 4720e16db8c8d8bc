import FuzzChecks
import FuzzSupport

// libFuzzer target: a selector byte and a resource file (`.strings`, `.stringsdict`, `.xcstrings`, Core Data XML)
// through its reader (Documentation/Testing.md, "Fuzzing"; Documentation/Resources.md).

/// libFuzzer's per-input entry point.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzResources(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzHarness.run(.resources, data, size)
}

/// The executable's `main`, under the name SwiftPM's link gives it.
@_cdecl("FuzzResources_main")
func fuzzResourcesMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzHarness.main(argc: argc, argv: argv, fuzz: fuzzResources)
}
