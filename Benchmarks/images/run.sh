#!/usr/bin/env bash
# Masthead's image processing against Hugo's on the same phone photos. `make bench-images` calls this.
#
#   Benchmarks/images/run.sh                 # 200 photos of 4032×3024, 3 runs each, alternating
#   COUNT=20 RUNS=1 Benchmarks/images/run.sh # a quick look
#
# Masthead writes each photo at 480, 960 and 1600 pixels in AVIF, WebP and JPEG (9 files);
# Hugo 0.111 resizes to the same widths in WebP (3 files: it cannot write AVIF). Each run
# starts cold: no image cache (Masthead's .masthead/, Hugo's resources/_gen). Then:
# Masthead's rebuild with every image cached (the time of its images stage), and its peak
# memory on one 8000×6000 photo (48 megapixels).
#
# Environment: COUNT (200), RUNS (3), BENCH_DIR (/tmp/masthead-bench-images), MASTHEAD (the
# binary; default: the release build). Needs hugo, GNU time and libvips-tools (`make bench-images`).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
COUNT="${COUNT:-200}"
RUNS="${RUNS:-3}"
BENCH_DIR="${BENCH_DIR:-/tmp/masthead-bench-images}"
MASTHEAD="${MASTHEAD:-$(cd "$ROOT" && swift build -c release --show-bin-path)/masthead}"
[ -x "$MASTHEAD" ] || { echo "no masthead binary at $MASTHEAD: run swift build -c release first" >&2; exit 2; }
command -v hugo >/dev/null || { echo "hugo is not installed (make bench-images installs Debian's hugo)" >&2; exit 2; }
command -v vips >/dev/null || { echo "vips is not installed (make bench-images installs Debian's libvips-tools)" >&2; exit 2; }

PHOTOS="$BENCH_DIR/photos"
python3 "$ROOT/Benchmarks/images/generate.py" "$PHOTOS" "$COUNT"
# The first COUNT photos, as hard links: a site publishes no link leading outside it.
link_photos() {
  mkdir -p "$1"
  for index in $(seq 0 $((COUNT - 1))); do ln "$PHOTOS/$(printf 'photo-%03d.jpg' "$index")" "$1/"; done
}

# The Masthead site: the photos as static files, a template that shows nothing of them (the
# stage processes every raster image under Content/static/).
SITE="$BENCH_DIR/masthead-site"
rm -rf "$SITE" && mkdir -p "$SITE/Content/static" "$SITE/Templates"
link_photos "$SITE/Content/static/photos"
cat >"$SITE/Content/site.yml" <<'YML'
title: Image benchmark
baseURL: https://example.org/
images:
  widths: [480, 960, 1600]
  quality: 70
YML
for t in home list terms 404; do echo "<!doctype html><title>{{page.title}}</title>" >"$SITE/Templates/$t.mustache"; done

# The Hugo site: the photos as global resources, each resized to the three widths in WebP.
HUGO_SITE="$BENCH_DIR/hugo-site"
rm -rf "$HUGO_SITE" && mkdir -p "$HUGO_SITE/assets" "$HUGO_SITE/layouts"
link_photos "$HUGO_SITE/assets/photos"
cat >"$HUGO_SITE/config.toml" <<'TOML'
baseURL = "https://example.org/"
title = "Image benchmark"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
[imaging]
quality = 70
TOML
cat >"$HUGO_SITE/layouts/index.html" <<'HTML'
{{ range resources.Match "photos/*.jpg" }}
{{ (.Resize "480x webp").RelPermalink }} {{ (.Resize "960x webp").RelPermalink }} {{ (.Resize "1600x webp").RelPermalink }}
{{ end }}
HTML

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
median() { sort -n | awk '{v[NR]=$1} END {if (NR % 2) print v[(NR+1)/2]; else printf "%.2f\n", (v[NR/2] + v[NR/2+1]) / 2}'; }

M="$BENCH_DIR/masthead.txt"; H="$BENCH_DIR/hugo.txt"; : >"$M"; : >"$H"
for run in $(seq "$RUNS"); do
  rm -rf "$SITE/.masthead" "$BENCH_DIR/masthead-out"
  measure "$M" "$MASTHEAD" build --site "$SITE" --output "$BENCH_DIR/masthead-out" --quiet
  rm -rf "$HUGO_SITE/resources" "$HUGO_SITE/public"
  measure "$H" hugo --source "$HUGO_SITE" --quiet
  echo "run $run: masthead $(tail -1 "$M" | cut -d' ' -f1) s, hugo $(tail -1 "$H" | cut -d' ' -f1) s" >&2
done

masthead_files=$(find "$BENCH_DIR/masthead-out/photos" -type f | wc -l)
hugo_files=$(find "$HUGO_SITE/public/photos" -type f | wc -l)
masthead_wall=$(cut -d' ' -f1 "$M" | median); hugo_wall=$(cut -d' ' -f1 "$H" | median)
masthead_rss=$(cut -d' ' -f4 "$M" | sort -n | tail -1); hugo_rss=$(cut -d' ' -f4 "$H" | sort -n | tail -1)

# A rebuild with every image cached: the images stage's own time.
rm -rf "$BENCH_DIR/masthead-out"
"$MASTHEAD" build --site "$SITE" --output "$BENCH_DIR/masthead-out" --quiet
cached=$(MASTHEAD_TIMINGS=1 "$MASTHEAD" build --site "$SITE" --output "$BENCH_DIR/masthead-out" --no-cache --quiet 2>&1 \
  | awk '/images processed/ {print $(NF-1)}')

# Peak memory on one 48-megapixel photo.
BIG="$BENCH_DIR/big-site"
rm -rf "$BIG" && mkdir -p "$BIG/Content/static" && cp -r "$SITE/Templates" "$BIG/" && cp "$SITE/Content/site.yml" "$BIG/Content/"
[ -f "$BENCH_DIR/big.jpg" ] || vips thumbnail "$PHOTOS/photo-001.jpg" "$BENCH_DIR/big.jpg[Q=90]" 8000 --height 6000 --size force
cp "$BENCH_DIR/big.jpg" "$BIG/Content/static/big.jpg"
: >"$BENCH_DIR/big.txt"
measure "$BENCH_DIR/big.txt" "$MASTHEAD" build --site "$BIG" --output "$BENCH_DIR/big-out" --no-cache --quiet
big_rss=$(cut -d' ' -f4 "$BENCH_DIR/big.txt")

ratio=$(awk -v m="$masthead_wall" -v h="$hugo_wall" 'BEGIN {printf "%.2f", m / h}')
cat <<EOF
| $COUNT photos, 4032×3024 ($RUNS runs, median) | wall | peak memory | files written |
|---|---:|---:|---:|
| Masthead: 480/960/1600 px × AVIF, WebP, JPEG | ${masthead_wall} s | $((masthead_rss / 1024)) MB | $masthead_files |
| Hugo $(hugo version | grep -o 'v[0-9.]*' | head -1): 480/960/1600 px × WebP | ${hugo_wall} s | $((hugo_rss / 1024)) MB | $hugo_files |
| Masthead ÷ Hugo | ${ratio}× | | |

Rebuild with every image cached, images stage: ${cached} s. One 8000×6000 photo: peak memory $((big_rss / 1024)) MB.
EOF
