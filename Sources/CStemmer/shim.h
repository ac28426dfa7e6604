// Debian's libstemmer-dev: the Snowball stemmers (libstemmer_c).
#include <libstemmer.h>
