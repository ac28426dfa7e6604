// Debian's libcmark-gfm-dev and libcmark-gfm-extensions-dev: the parser and GitHub's extensions.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
