#!/usr/bin/env bash
# Builds the default site and every Examples/* site with two masthead binaries and compares
# the outputs file by file: a refactoring must leave them byte-identical.
#
#   scripts/compare-outputs.sh BASE_COMMIT          # builds BASE_COMMIT in a temporary worktree
#   BASE_BIN=/path/to/masthead scripts/compare-outputs.sh   # an already built base binary
#
# NEW_BIN (default: this checkout's debug build) is the binary under test. Exits 1 on any
# difference, listing it. Outputs stay in WORK (default /tmp/masthead-compare) for a closer look.
# CORPUS=N adds the benchmark corpus of N articles in every shape of Benchmarks/generate.py
# (CORPUS=10000 takes about 15 minutes with release binaries).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${WORK:-/tmp/masthead-compare}"
NEW_BIN="${NEW_BIN:-$(cd "$ROOT" && swift build --show-bin-path)/masthead}"

if [ -z "${BASE_BIN:-}" ]; then
  BASE="${1:?usage: scripts/compare-outputs.sh BASE_COMMIT (or BASE_BIN=... scripts/compare-outputs.sh)}"
  rm -rf "$WORK/base-tree"
  git -C "$ROOT" worktree add --detach -f "$WORK/base-tree" "$BASE" >/dev/null
  trap 'git -C "$ROOT" worktree remove --force "$WORK/base-tree"' EXIT
  (cd "$WORK/base-tree" && swift build --product masthead >/dev/null)
  BASE_BIN="$(cd "$WORK/base-tree" && swift build --show-bin-path)/masthead"
fi
[ -x "$NEW_BIN" ] || { echo "no binary at $NEW_BIN: run swift build first" >&2; exit 2; }

sites=("$ROOT" "$ROOT"/Examples/*)
if [ -n "${CORPUS:-}" ]; then
  for shape in $(python3 "$ROOT/Benchmarks/generate.py" --help | sed -n 's/.*--shape {\([^}]*\)}.*/\1/p' | head -1 | tr , ' '); do
    corpus="$WORK/corpus/$shape-$CORPUS"
    [ -d "$corpus/masthead" ] || python3 "$ROOT/Benchmarks/generate.py" --shape "$shape" --articles "$CORPUS" --out "$corpus" >/dev/null
    sites+=("$corpus/masthead")
  done
fi

status=0
for site in "${sites[@]}"; do
  name="$(basename "$site")"
  [ "$site" = "$ROOT" ] && name=default
  [ "$name" = masthead ] && name="$(basename "$(dirname "$site")")"
  for side in base new; do
    bin="$BASE_BIN"; [ "$side" = new ] && bin="$NEW_BIN"
    rm -rf "$WORK/$side/$name"
    mkdir -p "$WORK/$side"
    "$bin" build --site "$site" --output "$WORK/$side/$name" --no-cache >"$WORK/$side/$name.log" 2>&1 \
      || { echo "$name: the $side build failed (see $WORK/$side/$name.log)" >&2; status=1; }
  done
  if diff -r "$WORK/base/$name" "$WORK/new/$name" >"$WORK/$name.diff"; then
    echo "$name: identical ($(find "$WORK/new/$name" -type f | wc -l) files)"
  else
    echo "$name: DIFFERENT (diff in $WORK/$name.diff):"; head -20 "$WORK/$name.diff"; status=1
  fi
done
exit $status
