// SwiftPM gives each executable its own entry point (`<Target>_main`), so the fuzz
// targets start libFuzzer's driver themselves instead of using libFuzzer's `main`.
#include <stddef.h>
#include <stdint.h>

typedef int (*MastheadFuzzCallback)(const uint8_t *data, size_t size);

int masthead_fuzz_main(int argc, char **argv, MastheadFuzzCallback callback);
