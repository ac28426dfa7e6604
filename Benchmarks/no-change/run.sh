#!/usr/bin/env bash
# A build with nothing changed, by two masthead binaries on the same corpus, alternating: what
# change detection costs (issue 57 compares size, modification time, change time and inode of
# every source and output file, and walks the output folder for files the build did not write).
#   bash Benchmarks/no-change/run.sh OLD NEW [ARTICLES] [RUNS] [SHAPE]
# Each binary builds its own copy of the corpus once (its cache is its own), then both build it
# again RUNS times with nothing changed, in alternating order. Prints every run and the medians.
set -euo pipefail
old=$(readlink -f "$1")
new=$(readlink -f "$2")
articles=${3:-10000}
runs=${4:-5}
shape=${5:-standard}
root=$(mktemp -d /tmp/masthead-no-change.XXXXXX)
trap 'rm -rf "$root"' EXIT
python3 "$(dirname "$0")/../generate.py" --articles "$articles" --shape "$shape" --out "$root/corpus" >/dev/null
for name in old new; do
  cp -a "$root/corpus/masthead" "$root/$name"
  binary=$old; [ "$name" = new ] && binary=$new
  "$binary" build --site "$root/$name" --quiet
  "$binary" build --site "$root/$name" --quiet   # the first no-change build settles the cache; not timed
done
: >"$root/times"
for run in $(seq "$runs"); do
  order="old new"; [ $((run % 2)) = 0 ] && order="new old"
  for name in $order; do
    binary=$old; [ "$name" = new ] && binary=$new
    /usr/bin/time -f "$name %e %U %S %M" -a -o "$root/times" "$binary" build --site "$root/$name" --quiet
  done
done
echo "run: binary wall-s user-s system-s peak-KB ($articles articles, $shape, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
cat "$root/times"
python3 - "$root/times" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
median = {name: statistics.median(float(r[1]) for r in rows if r[0] == name) for name in ("old", "new")}
cpu = {name: statistics.median(float(r[2]) + float(r[3]) for r in rows if r[0] == name) for name in ("old", "new")}
print("median wall: old %.3f s, new %.3f s, new/old %.2f" % (median["old"], median["new"], median["new"] / median["old"]))
print("median CPU:  old %.3f s, new %.3f s, new/old %.2f" % (cpu["old"], cpu["new"], cpu["new"] / cpu["old"]))
PY
