#!/usr/bin/env bash
# How far a clean `masthead build` is from the floor for the same work on the same machine, in
# the same run (issue 62): writing the same files and bytes the build writes, and cmark-gfm (the
# same library, through its command line) parsing the same Markdown, each on every core. The
# floor is what any generator must spend to produce this output; the ratio is what the rest
# (templates, lists, search, feeds, the cache) costs on top.
#   bash Benchmarks/floor/run.sh [ARTICLES] [SHAPE] [MASTHEAD] [RUNS]
# ARTICLES: 10000; SHAPE: a shape of Benchmarks/generate.py (standard); MASTHEAD:
# .build/release/masthead; RUNS: 3. The build is clean (no output folder, no build cache) with
# the image cache warm (a first build, untimed, made it), as a site that is built again from
# scratch has it. Build and floor alternate; medians are printed.
set -euo pipefail
articles=${1:-10000}
shape=${2:-standard}
masthead=$(readlink -f "${3:-.build/release/masthead}")
runs=${4:-3}
command -v cmark-gfm >/dev/null || { echo "cmark-gfm is missing: apt-get install cmark-gfm" >&2; exit 2; }
cores=$(nproc)
root=$(mktemp -d /tmp/masthead-floor.XXXXXX)
trap 'rm -rf "$root"' EXIT
python3 "$(dirname "$0")/../generate.py" --articles "$articles" --shape "$shape" --out "$root/corpus" >/dev/null
site=$root/corpus/masthead
"$masthead" build --site "$site" --quiet   # fills the image cache; not timed
files=$(find "$site/public" -type f | wc -l)
bytes=$(du -sb "$site/public" | cut -f1)
markdown=$(find "$site/Content" -name '*.md' | wc -l)
: >"$root/times"
for run in $(seq "$runs"); do
  rm -rf "$site/public" "$site"/.masthead/build-*.cache
  /usr/bin/time -f "build %e %U %S %M" -a -o "$root/times" "$masthead" build --site "$site" --quiet
  # The same folders and files, the bytes copied from the page cache by one cp per core (the
  # folders made first: two cp --parents making one folder at once fail).
  rm -rf "$root/copy" && mkdir "$root/copy"
  (cd "$site/public" && /usr/bin/time -f "write %e %U %S %M" -a -o "$root/times" \
    sh -c "find . -type d -print0 | (cd '$root/copy' && xargs -0 mkdir -p) &&
      find . -type f -print0 | xargs -0 -P $cores -n 2000 cp --parents -t '$root/copy'")
  # The same Markdown parsed with the same extensions, one cmark-gfm per core over 200 files at a time.
  (cd "$site/Content" && /usr/bin/time -f "parse %e %U %S %M" -a -o "$root/times" \
    sh -c "find . -name '*.md' -print0 | xargs -0 -P $cores -n 200 cmark-gfm -e table -e strikethrough -e autolink -e tagfilter -e tasklist >/dev/null")
done
echo "floor: $articles articles, $shape, $files files ($bytes bytes) written, $markdown Markdown files; $cores cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$root/times"
python3 - "$root/times" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
wall = {kind: statistics.median(float(r[1]) for r in rows if r[0] == kind) for kind in ("build", "write", "parse")}
cpu = {kind: statistics.median(float(r[2]) + float(r[3]) for r in rows if r[0] == kind) for kind in ("build", "write", "parse")}
floor_wall, floor_cpu = wall["write"] + wall["parse"], cpu["write"] + cpu["parse"]
print("median wall: build %.2f s; floor %.2f s (write %.2f + parse %.2f); build/floor %.2f"
      % (wall["build"], floor_wall, wall["write"], wall["parse"], wall["build"] / floor_wall))
print("median CPU:  build %.2f s; floor %.2f s (write %.2f + parse %.2f); build/floor %.2f"
      % (cpu["build"], floor_cpu, cpu["write"], cpu["parse"], cpu["build"] / floor_cpu))
PY
