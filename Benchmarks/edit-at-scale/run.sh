#!/usr/bin/env bash
# An edit at scale (issue 62): on a corpus of ARTICLES (100,000 by default), one article edited and
# then (1) `masthead build` with its build cache, RUNS times, each time a new sentence in the same
# article, and (2) the preview's save-to-reload, RUNS saves (Tests/browser/measure_reload.py).
#   bash Benchmarks/edit-at-scale/run.sh MASTHEAD [ARTICLES] [RUNS] [SHAPE]
# Each edited build is checked to have published the new sentence, so a build that skipped the
# work cannot pass as fast. Prints every run and the medians; the targets are 2 s and 150 ms.
set -euo pipefail
masthead=$(readlink -f "$1")
articles=${2:-100000}
runs=${3:-5}
shape=${4:-standard}
here=$(cd "$(dirname "$0")" && pwd)
root=$(mktemp -d /tmp/masthead-edit-at-scale.XXXXXX)
trap 'rm -rf "$root"' EXIT
python3 "$here/../generate.py" --articles "$articles" --shape "$shape" --out "$root/corpus" >/dev/null
site="$root/corpus/masthead"
article=$(ls "$site/Content/articles" | sort | sed -n "$((articles / 2))p")
slug=${article%.md}
/usr/bin/time -f "clean build: %e s wall, %U s user, %S s system, %M KB peak" "$masthead" build --site "$site" --quiet
"$masthead" build --site "$site" --quiet   # nothing changed: settles the cache, not timed
: >"$root/times"
for run in $(seq "$runs"); do
  printf '\n\nEdited in run %s of the benchmark.\n' "$run" >>"$site/Content/articles/$article"
  /usr/bin/time -f "%e %U %S %M" -a -o "$root/times" "$masthead" build --site "$site" --quiet
  page=$(grep -rl --include=index.html "Edited in run $run of the benchmark" "$site/public" | head -1)
  [ -n "$page" ] || { echo "run $run: the edit is not in the built site" >&2; exit 1; }
done
echo "edited build: wall-s user-s system-s peak-KB ($articles articles, $shape, $article, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
cat "$root/times"
python3 - "$root/times" <<'PY'
import statistics, sys
rows = [[float(x) for x in line.split()] for line in open(sys.argv[1])]
print("median edited build: %.2f s wall, %.2f s CPU, %d MB peak (target: 2 s wall)" % (
    statistics.median(r[0] for r in rows), statistics.median(r[1] + r[2] for r in rows), statistics.median(r[3] for r in rows) / 1024))
PY
echo "save to reload ($articles articles; the server's first build comes first):"
python3 "$here/../../Tests/browser/measure_reload.py" --masthead "$masthead" --site "$site" --article "$article" --runs "$runs" --wait 600
