#include "FuzzDriver.h"

// Provided by libFuzzer (linked by `-sanitize=fuzzer`).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

int masthead_fuzz_main(int argc, char **argv, MastheadFuzzCallback callback) {
    return LLVMFuzzerRunDriver(&argc, &argv, callback);
}
