// Debian's libmimalloc-dev: the command's allocator (linked into `masthead` only, which
// makes it replace glibc's malloc), and its options (Sources/masthead/Allocator.swift).
#include <mimalloc.h>
