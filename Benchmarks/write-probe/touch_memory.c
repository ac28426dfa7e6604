/* Touches MEGABYTES of fresh memory a page at a time and prints the time each 256 MB
 * took: the machine's cost of memory a program uses for the first time, without a site
 * generator (a build's heap and the page cache its files go into). Usage: touch_memory
 * MEGABYTES (see run.sh). */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return time.tv_sec + time.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s MEGABYTES\n", argv[0]);
        return 2;
    }
    const long chunk = 256L << 20, total = atol(argv[1]) << 20;
    char *memory = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
        perror("mmap");
        return 1;
    }
    for (long start = 0; start + chunk <= total; start += chunk) {
        double began = now();
        for (long byte = start; byte < start + chunk; byte += 4096) memory[byte] = 1;
        printf("%ld MB: %.3f s\n", (start + chunk) >> 20, now() - began);
    }
    return 0;
}
