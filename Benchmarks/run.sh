#!/usr/bin/env bash
# Masthead against Hugo on the same generated corpus, in every shape of magazine. `make bench` calls this.
#
#   Benchmarks/run.sh                  # N = 1,000 and 10,000, every shape
#   N=100000 Benchmarks/run.sh         # adds the large case (and keeps 10,000 for the scaling ratio)
#   SHAPES=big-tags SIZES=2000 RUNS=1 Benchmarks/run.sh
#
# Environment: SHAPES ("standard big-tags many-tags long bilingual magazine python-docs": the corpora
# of generate.py --shape, Benchmarks/README.md), RUNS (3: runs per tool, shape and size, alternating, the median
# is reported), BENCH_PARTS=skip (skip the catalog and reports engineers' own benchmarks), SIZES
# ("1000 10000"), BENCH_DIR (/tmp/masthead-bench: corpora and outputs), MASTHEAD (the binary;
# default: the release build in SCRATCH, .build), HUGO=skip (Masthead alone: for the scaling ratio,
# `N=100000 HUGO=skip Benchmarks/run.sh`), RELATED_SHAPES ("standard": the shapes Hugo also builds
# with its related list), FIRST_BUILD ("once": Masthead's first build ever, every social card drawn,
# is timed in the first round only; "every" round; "skip": never, the image cache is kept and
# filled by an untimed build when empty). Needs hugo and GNU time (`make bench` installs them),
# and libvips's `vips` for the shapes with photos (installed here when missing); python-docs needs
# apt-get and dpkg-deb (it downloads Debian's python3.X-doc once into MASTHEAD_BENCH_SOURCES,
# default BENCH_DIR/sources: Benchmarks/corpora/python_docs.py).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RUNS="${RUNS:-3}"
BENCH_DIR="${BENCH_DIR:-/tmp/masthead-bench}"
SCRATCH="${SCRATCH:-.build}"
SIZES="${SIZES:-1000 10000}"
SHAPES="${SHAPES:-standard big-tags many-tags long bilingual magazine python-docs}"
RELATED_SHAPES="${RELATED_SHAPES:-standard}"
FIRST_BUILD="${FIRST_BUILD:-once}"
case "$FIRST_BUILD" in once|every|skip) ;; *) echo "FIRST_BUILD is once, every or skip" >&2; exit 2 ;; esac
if [ -n "${N:-}" ]; then
  SIZES="10000 $N"
  [ "$N" = 10000 ] && SIZES="10000"
fi
MASTHEAD="${MASTHEAD:-$(cd "$ROOT" && swift build -c release --scratch-path "$SCRATCH" --show-bin-path)/masthead}"
[ -x "$MASTHEAD" ] || { echo "no masthead binary at $MASTHEAD: run swift build -c release first" >&2; exit 2; }
HUGO="${HUGO:-run}"
[ "$HUGO" = skip ] || command -v hugo >/dev/null || { echo "hugo is not installed (make bench installs Debian's hugo)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "GNU time is not installed (make bench installs Debian's time)" >&2; exit 2; }
for shape in $SHAPES; do
  case "$shape" in
    standard|many-tags|bilingual|python-docs) ;;
    big-tags|long|magazine)
      # The photos of these shapes are drawn with libvips's command line (generate.py).
      if ! command -v vips >/dev/null; then
        SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
        echo "installing libvips-tools (generate.py draws the photos of $shape with vips)"
        $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libvips-tools
      fi ;;
    *) echo "unknown shape $shape (standard, big-tags, many-tags, long, bilingual, magazine, python-docs)" >&2; exit 2 ;;
  esac
done

# The catalog is declared in site.yml only once Masthead reads catalogs (docs/catalogs.md documents `catalogs:`).
DATA_FLAG=""
if grep -q '`catalogs' "$ROOT/docs/catalogs.md" 2>/dev/null; then
  DATA_FLAG="--with-data"
fi

mkdir -p "$BENCH_DIR"
export MASTHEAD_BENCH_SOURCES="${MASTHEAD_BENCH_SOURCES:-$BENCH_DIR/sources}"
RESULTS="$BENCH_DIR/results.md"
# Every file of the theme counts (site-wide partials and words included), and the corpora's converters:
# a change regenerates the corpus.
GEN_HASH="$(find "$ROOT/Templates" -type f | sort | xargs cat "$ROOT/Benchmarks/generate.py" "$ROOT"/Benchmarks/corpora/*.py \
  | md5sum | cut -c1-12)$DATA_FLAG"

# settle INPUT [OUTPUT]: every run starts from the same state. The last run's files reach
# the disk, and (as root) the kernel drops its caches: each run deletes and writes 16,000 to
# 165,000 files, and the file-system caches they leave made every following run slower (a
# 10,000 build's system time grew from 3 s to 21 s over six runs). The inputs are then read
# once, and an existing output's files looked at once, as an editor's machine has them.
# Through a pipe: GNU tar writing to /dev/null itself reads no file's bytes, only their status.
# Both programs are started once too, so their code is in memory as it is on a machine that
# builds more than once: a dropped cache made each run read its program and libraries from
# the disk (about 0.24 s for Masthead's 120 shared libraries, 0.07 s for Hugo's one file).
settle() {
  sync
  [ -w /proc/sys/vm/drop_caches ] && echo 3 >/proc/sys/vm/drop_caches
  tar -cf - -C "$1" . | cat >/dev/null
  "$MASTHEAD" --version >/dev/null
  [ "$HUGO" = skip ] || hugo version >/dev/null
  [ -z "${2:-}" ] || du -s "$2" >/dev/null
}

# measure OUTFILE command...: appends "wall user sys maxrss_kb" to OUTFILE.
measure() {
  local out="$1"; shift
  local stats; stats="$(mktemp)"
  if ! /usr/bin/time -f "%e %U %S %M" -o "$stats" "$@" >"$stats.log" 2>&1; then
    echo "FAILED: $*" >&2; tail -20 "$stats.log" >&2; exit 1
  fi
  cat "$stats" >>"$out"
  rm -f "$stats" "$stats.log"
}

# median FILE COLUMN
median() { awk -v c="$2" '{print $c}' "$1" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
cpu_median() { awk '{print $2 + $3}' "$1" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

echo "Masthead: $MASTHEAD"
[ "$HUGO" = skip ] && echo "Hugo: skipped (HUGO=skip)" || echo "Hugo: $(hugo version | cut -d' ' -f1-2)"
echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo); runs per tool and size: $RUNS (median)"

# count DIR: "HTML pages, files" written. Hugo's redirects from each list's page/1/ to the list
# (aliases, a few lines each) are not counted as pages; Masthead writes none.
count() {
  echo "$(find "$1" -name '*.html' ! -path '*/page/1/index.html' | wc -l) $(find "$1" -type f | wc -l)"
}

declare -A WALL CPU RSS PAGES
for shape in $SHAPES; do
related=""; for s in $RELATED_SHAPES; do [ "$s" = "$shape" ] && related=yes; done
for size in $SIZES; do
  key="$shape-$size"
  # The standard corpus keeps the folder it always had (other benchmarks read its files).
  if [ "$shape" = standard ]; then corpus="$BENCH_DIR/$size"; times="$BENCH_DIR"; else corpus="$BENCH_DIR/$key"; times="$BENCH_DIR/$key"; fi
  mkdir -p "$times"
  if [ "$(cat "$corpus/.generated" 2>/dev/null)" != "$GEN_HASH-$shape" ]; then
    python3 "$ROOT/Benchmarks/generate.py" --shape "$shape" --articles "$size" --out "$corpus" $DATA_FLAG
    echo "$GEN_HASH-$shape" >"$corpus/.generated"
  fi
  m="$times/masthead-$size.times"; h="$times/hugo-$size.times"; c="$times/cached-$size.times"
  k="$times/hugo-core-$size.times"; x="$times/masthead-cold-$size.times"
  : >"$m"; : >"$h"; : >"$c"; : >"$k"; : >"$x"
  # ext4 without a journal (this machine's disk) passes over every inode freed in the last
  # minutes (`recently_deleted` in fs/ext4/ialloc.c: 60 s, and 5 minutes more while the inode
  # table's block is dirty, as the next build's new files make it) each time it makes a new
  # one. A build run in that window paid 3 s of system time more (4.7 s against 1.5 s at
  # 10,000 articles), so nothing is deleted while the tools run: each run writes to a folder
  # of its own, the last benchmark's folders are moved aside (a rename frees no inode) and
  # deleted at the end, and a benchmark begun within 6 minutes of such a deletion waits.
  trash="$BENCH_DIR/trash-$key"
  mkdir -p "$trash"
  kept_images=""; [ "$FIRST_BUILD" = skip ] && kept_images="$corpus/masthead/.masthead"
  for old in "$corpus"/out-* "$corpus"/kept-cache-* "$corpus/masthead/.masthead"; do
    [ "$old" != "$kept_images" ] || continue
    [ ! -e "$old" ] || mv "$old" "$trash/$(basename "$old")-$(date +%s%N)"
  done
  if [ -f "$BENCH_DIR/.last-deletion" ]; then
    wait_s=$(( $(cat "$BENCH_DIR/.last-deletion") + 361 - $(date +%s) ))
    if [ "$wait_s" -gt 0 ]; then echo "Waiting ${wait_s} s after the last deletion of outputs"; sleep "$wait_s"; fi
  fi
  # Hugo keeps its processed images in resources/_gen, as Masthead keeps its own in
  # .masthead/images for the clean build: on a shape with photos, Hugo builds once, untimed,
  # the first time its site is there, so every timed run finds them processed.
  if [ "$HUGO" != skip ] && [ -d "$corpus/hugo-core/assets" ]; then
    for side in hugo-core ${related:+hugo}; do
      [ -d "$corpus/$side/resources/_gen/images" ] || hugo --quiet --source "$corpus/$side" --destination "$corpus/out-$side-warm" >/dev/null
    done
  fi
  # Without the first build, the image cache is filled once, untimed, when it is empty.
  if [ "$FIRST_BUILD" = skip ] && [ ! -d "$corpus/masthead/.masthead/images" ]; then
    "$MASTHEAD" build --no-cache --site "$corpus/masthead" --output "$corpus/out-masthead-images" >/dev/null
  fi
  for run in $(seq "$RUNS"); do
    if [ "$FIRST_BUILD" = every ] || { [ "$FIRST_BUILD" = once ] && [ "$run" = 1 ]; }; then
      # The first build ever: no build cache and an empty image cache (the last one is moved
      # aside, not deleted), so every page's social card is drawn, work Hugo's site does not do.
      [ ! -d "$corpus/masthead/.masthead" ] || mv "$corpus/masthead/.masthead" "$corpus/kept-cache-$run"
      settle "$corpus/masthead"
      measure "$x" "$MASTHEAD" build --no-cache --site "$corpus/masthead" --output "$corpus/out-masthead-first-$run"
    fi
    # A clean build: no build cache, with the processed images kept in .masthead/images, as
    # Hugo keeps its processed images in resources/_gen. The targets are against this row.
    settle "$corpus/masthead"
    measure "$m" "$MASTHEAD" build --no-cache --site "$corpus/masthead" --output "$corpus/out-masthead-$run"
    if [ "$HUGO" != skip ]; then
      # Hugo's core pipeline (no related list: its fastest reasonable configuration), then, on
      # the RELATED_SHAPES, the layout with the related list, as Masthead's pages have one.
      settle "$corpus/hugo-core"; measure "$k" hugo --quiet --source "$corpus/hugo-core" --destination "$corpus/out-hugo-core-$run"
      [ -z "$related" ] || { settle "$corpus/hugo"; measure "$h" hugo --quiet --source "$corpus/hugo" --destination "$corpus/out-hugo-$run"; }
    fi
    # With nothing changed, the cache must skip parsing and rendering.
    "$MASTHEAD" build --site "$corpus/masthead" --output "$corpus/out-masthead-$run" >/dev/null
    settle "$corpus/masthead" "$corpus/out-masthead-$run"
    measure "$c" "$MASTHEAD" build --site "$corpus/masthead" --output "$corpus/out-masthead-$run"
  done
  WALL[m$key]=$(median "$m" 1); CPU[m$key]=$(cpu_median "$m"); RSS[m$key]=$(median "$m" 4)
  WALL[h$key]=$(median "$h" 1); CPU[h$key]=$(cpu_median "$h"); RSS[h$key]=$(median "$h" 4)
  WALL[c$key]=$(median "$c" 1); CPU[c$key]=$(cpu_median "$c"); RSS[c$key]=$(median "$c" 4)
  WALL[k$key]=$(median "$k" 1); CPU[k$key]=$(cpu_median "$k"); RSS[k$key]=$(median "$k" 4)
  WALL[x$key]=$(median "$x" 1); CPU[x$key]=$(cpu_median "$x"); RSS[x$key]=$(median "$x" 4)
  PAGES[m$key]=$(count "$corpus/out-masthead-$RUNS")
  if [ "$HUGO" != skip ]; then PAGES[k$key]=$(count "$corpus/out-hugo-core-$RUNS"); else PAGES[k$key]="- -"; fi
  echo "$shape, N=$size: Masthead wrote ${PAGES[m$key]% *} HTML pages (${PAGES[m$key]#* } files), Hugo's core pipeline ${PAGES[k$key]% *} (${PAGES[k$key]#* } files)"
done
done

mb() { awk -v k="$1" 'BEGIN { if (k == "") print "-"; else printf "%.0f", k / 1024 }'; }
hugo_version="Hugo $(hugo version 2>/dev/null | cut -d' ' -f2 | cut -d+ -f1)"
{
  echo "Every shape: Masthead's clean build against $hugo_version's core pipeline (medians of $RUNS; pages: HTML files but Hugo's page/1/ redirects)"
  echo
  echo "| shape | articles | Masthead wall (s) | CPU (s) | memory (MB) | Hugo wall (s) | CPU (s) | memory (MB) | wall ratio | CPU ratio | memory ratio | Masthead pages / files | Hugo pages / files |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  for shape in $SHAPES; do
    for size in $SIZES; do
      key="$shape-$size"
      echo "| $shape | $size | ${WALL[m$key]} | ${CPU[m$key]} | $(mb "${RSS[m$key]}") | ${WALL[k$key]:--} | ${CPU[k$key]:--} | $(mb "${RSS[k$key]}") | $(ratio "${WALL[m$key]}" "${WALL[k$key]}")× | $(ratio "${CPU[m$key]}" "${CPU[k$key]}")× | $(ratio "${RSS[m$key]}" "${RSS[k$key]}")× | ${PAGES[m$key]/ / / } | ${PAGES[k$key]/ / / } |"
    done
  done
  echo
  echo "| shape | articles | tool | wall (s) | CPU user+sys (s) | peak memory (MB) | wall ratio | CPU ratio | memory ratio |"
  echo "|---|---:|---|---:|---:|---:|---:|---:|---:|"
  for shape in $SHAPES; do
    related=""; for s in $RELATED_SHAPES; do [ "$s" = "$shape" ] && related=yes; done
    for size in $SIZES; do
      key="$shape-$size"; row="| $shape | $size"
      [ "$HUGO" = skip ] || echo "$row | $hugo_version, core pipeline (no related list) | ${WALL[k$key]} | ${CPU[k$key]} | $(mb "${RSS[k$key]}") | | | |"
      [ "$HUGO" = skip ] || [ -z "$related" ] || echo "$row | $hugo_version with the related list | ${WALL[h$key]} | ${CPU[h$key]} | $(mb "${RSS[h$key]}") | | | |"
      echo "$row | Masthead, against Hugo's core pipeline | ${WALL[m$key]} | ${CPU[m$key]} | $(mb "${RSS[m$key]}") | $(ratio "${WALL[m$key]}" "${WALL[k$key]}")× | $(ratio "${CPU[m$key]}" "${CPU[k$key]}")× | $(ratio "${RSS[m$key]}" "${RSS[k$key]}")× |"
      [ "$HUGO" = skip ] || [ -z "$related" ] || echo "$row | Masthead, against Hugo with the related list (flatters Masthead) | | | | $(ratio "${WALL[m$key]}" "${WALL[h$key]}")× | $(ratio "${CPU[m$key]}" "${CPU[h$key]}")× | $(ratio "${RSS[m$key]}" "${RSS[h$key]}")× |"
      [ "$FIRST_BUILD" = skip ] || echo "$row | Masthead, first build ever ($([ "$FIRST_BUILD" = once ] && echo "first round only" || echo "every round")): empty image cache, every social card drawn (Hugo's site draws none) | ${WALL[x$key]} | ${CPU[x$key]} | $(mb "${RSS[x$key]}") | $(ratio "${WALL[x$key]}" "${WALL[k$key]}")× | $(ratio "${CPU[x$key]}" "${CPU[k$key]}")× | |"
      echo "$row | Masthead, nothing changed | ${WALL[c$key]} | ${CPU[c$key]} | $(mb "${RSS[c$key]}") | $(ratio "${WALL[m$key]}" "${WALL[c$key]}")× faster than a clean build | | |"
    done
  done
} | tee "$RESULTS"

echo
big=""; for size in $SIZES; do [ "$size" -gt 10000 ] && big=$size; done
verdict() { awk -v v="$1" -v t="$2" 'BEGIN { print (v != "-" && v <= t) ? "met" : "NOT met" }'; }
for shape in $SHAPES; do
  key="$shape-10000"
  [ -n "${WALL[m$key]:-}" ] || continue
  w=$(ratio "${WALL[m$key]}" "${WALL[k$key]}"); u=$(ratio "${CPU[m$key]}" "${CPU[k$key]}")
  r=$(ratio "${RSS[m$key]}" "${RSS[k$key]}"); c=$(ratio "${WALL[m$key]}" "${WALL[c$key]}")
  if [ "$HUGO" != skip ]; then
    # The standard shape keeps its targets; every shape has issue 39's (CPU ≤ 0.6×).
    cpu_target=0.6; [ "$shape" = standard ] && cpu_target=0.5
    echo "Targets at 10,000 articles, $shape, against Hugo's core pipeline: wall ${w}× (≤ 0.5: $(verdict "$w" 0.5)), CPU ${u}× (≤ $cpu_target: $(verdict "$u" $cpu_target)), peak memory ${r}× (≤ 0.25: $(verdict "$r" 0.25)); nothing-changed rebuild ${c}× faster than clean (≥ 5: $(awk -v v="$c" 'BEGIN { print (v >= 5) ? "met" : "NOT met" }'))" | tee -a "$RESULTS"
  fi
  if [ -n "$big" ]; then
    s=$(ratio "${WALL[m$shape-$big]}" "${WALL[m$key]}")
    # The issue's target: at most the ratio of the articles (10× for 100,000), no allowance.
    limit=$(awk -v b="$big" 'BEGIN { print b / 10000 }')
    echo "Scaling 10,000 → $big articles, $shape: ${s}× the time (≤ ${limit}×: $(verdict "$s" "$limit"))" | tee -a "$RESULTS"
  fi
done
if [ -n "$DATA_FLAG" ]; then
  echo "Masthead also builds what Hugo has no equivalent for: a catalog of N/10 prizes (item, index and facet pages) and a report page aggregating 20·N events into SVG charts, a key figure and a table. Hugo builds articles, lists, taxonomies, feed and sitemap only." | tee -a "$RESULTS"
else
  echo "This Masthead has no catalogs: the catalog and events files are generated but not declared." | tee -a "$RESULTS"
fi

# The catalogs and reports engineers' own benchmarks, when they exist (BENCH_PARTS=skip skips them).
for part in catalog reports; do
  runner="$ROOT/Benchmarks/$part/run.sh"
  if [ "${BENCH_PARTS:-}" = skip ]; then
    echo "== Benchmarks/$part: skipped (BENCH_PARTS=skip)"
  elif [ -f "$runner" ]; then
    echo "== Benchmarks/$part"
    SCRATCH="$ROOT/$SCRATCH" SCRATCH_PATH="$ROOT/$SCRATCH" sh "$runner"
  else
    echo "== Benchmarks/$part: not present"
  fi
done

# The earlier benchmark's outputs, moved aside before the runs, go once every tool has run.
if ls -d "$BENCH_DIR"/trash-* >/dev/null 2>&1; then
  rm -rf "$BENCH_DIR"/trash-*
  date +%s >"$BENCH_DIR/.last-deletion"
fi
