// libFuzzer's driver, in the runtime `-sanitize=fuzzer` links (compiler-rt's FuzzerInterface.h). The fuzz targets
// define their own `main` (SwiftPM renames an executable's entry point, which `-parse-as-library` never emits), and
// hand the command line to libFuzzer through it.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
