// The C library's malloc settings (glibc's mallopt), for the command's start.
#include <malloc.h>
