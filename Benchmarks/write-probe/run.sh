#!/bin/sh
# The machine's cost of writing a site's pages, without a site generator: 17,000 and then
# 170,000 files of 17 KB (an article page of the default theme), as 10,000 and 100,000
# articles write about that many bytes of HTML. Each run after dropping the page cache (root),
# into a new folder under /tmp; prints GNU time's wall, user and system seconds, and, when
# perf is installed, the kernel's share copying bytes into the page cache. Then the cost of
# fresh memory: 6 GB touched a page at a time, after dropping the page cache, the time of
# each 256 MB (a 100,000-article build takes about 1.4 GB of heap and 3 GB of page cache).
set -eu
here=$(dirname "$0")
work=$(mktemp -d /tmp/write-probe.XXXXXX)
cc -O2 -o "$work/write_files" "$here/write_files.c"
cc -O2 -o "$work/touch_memory" "$here/touch_memory.c"
for count in 17000 170000; do
    sync
    echo 3 > /proc/sys/vm/drop_caches
    if command -v perf > /dev/null; then
        perf record -q -F 999 -o "$work/perf-$count.data" -- \
            /usr/bin/time -f "$count files: %e s wall, %U s user, %S s system" "$work/write_files" "$work/$count" "$count" 17000
        # Samples at 999 Hz: seconds of CPU in the kernel's copy of the bytes into the page cache.
        perf report -i "$work/perf-$count.data" -n --no-children --sort sym --stdio 2> /dev/null |
            awk -v count="$count" '/copy_folio_from_iter_atomic/ { printf "%s files: %.2f s copying into the page cache\n", count, $2 / 999 }'
    else
        /usr/bin/time -f "$count files: %e s wall, %U s user, %S s system" "$work/write_files" "$work/$count" "$count" 17000
    fi
done
sync
echo 3 > /proc/sys/vm/drop_caches
echo "fresh memory, each 256 MB touched for the first time:"
"$work/touch_memory" 6144 | tr '\n' ' '
echo
echo "(the files are in $work: delete it when done, and wait some minutes before timing a build: ext4 passes over recently freed inodes)"
