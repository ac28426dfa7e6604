#!/usr/bin/env bash
# The hunt for a crash seen once (docs/checking.md, "The crash loop"): cold builds of a generated site
# with a cover on every article, in a loop, with an ordinary (not sanitized) binary. Each run's standard
# error, and its core file if it dies, stay in $CRASH_OUT/run-N; every run's output is compared with
# the first's, byte for byte (a digest of every file).
#
#   bash scripts/crash-loop.sh [MASTHEAD]     (default .build/release/masthead)
#
# CRASH_LOOPS (50), CRASH_ARTICLES (10000) and CRASH_OUT (/tmp/masthead-crash-loop) change what runs.
set -euo pipefail
cd "$(dirname "$0")/.."
masthead=$(realpath "${1:-.build/release/masthead}")
loops=${CRASH_LOOPS:-50}
articles=${CRASH_ARTICLES:-10000}
out=${CRASH_OUT:-/tmp/masthead-crash-loop}
rm -rf "$out"
mkdir -p "$out"
bash scripts/site-with-covers.sh "$articles" "$out/site"
# core_pattern is usually "core": the file lands in the process's folder, the run's own.
ulimit -c unlimited
digest() { (cd "$out/public" && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16); }
failures=0
first=""
for run in $(seq 1 "$loops"); do
  folder=$out/run-$run
  mkdir -p "$folder"
  rm -rf "$out/site/.masthead" "$out/public"
  start=$(date +%s%N)
  status=0
  (cd "$folder" && exec "$masthead" build --site "$out/site" --output "$out/public" --quiet 2>stderr.log) || status=$?
  milliseconds=$((($(date +%s%N) - start) / 1000000))
  if ((status != 0)); then
    failures=$((failures + 1))
    echo "run $run: exit $status after $milliseconds ms; kept in $folder: $(ls "$folder" | tr '\n' ' ')"
    tail -20 "$folder/stderr.log"
    continue
  fi
  sum=$(digest)
  first=${first:-$sum}
  same=$([[ $sum == "$first" ]] && echo "same bytes as run 1" || echo "OUTPUT DIFFERS from run 1")
  [[ $sum == "$first" ]] || failures=$((failures + 1))
  echo "run $run: ok in $milliseconds ms, $(find "$out/public" -type f | wc -l) files, $same, stderr $(wc -c <"$folder/stderr.log") bytes"
done
echo "$loops cold builds of $articles articles with covers: $failures failed"
((failures == 0))
