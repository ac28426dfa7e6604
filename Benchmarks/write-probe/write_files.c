/* Writes COUNT files of SIZE bytes into ROOT, 1,000 to a folder: the write pattern of a
 * site build without the site generator, to tell the machine's cost of writing from the
 * program's. Usage: write_files ROOT COUNT SIZE (see run.sh). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s ROOT COUNT SIZE\n", argv[0]);
        return 2;
    }
    const char *root = argv[1];
    long count = atol(argv[2]), size = atol(argv[3]);
    char *bytes = malloc(size);
    if (!bytes) return 1;
    memset(bytes, 'x', size);
    char path[4096];
    if (mkdir(root, 0755) != 0) {
        perror(root);
        return 1;
    }
    for (long i = 0; i < count; i++) {
        if (i % 1000 == 0) {
            snprintf(path, sizeof path, "%s/%ld", root, i / 1000);
            mkdir(path, 0755);
        }
        snprintf(path, sizeof path, "%s/%ld/%ld.html", root, i / 1000, i);
        int file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (file < 0 || write(file, bytes, size) != size) {
            perror(path);
            return 1;
        }
        close(file);
    }
    return 0;
}
