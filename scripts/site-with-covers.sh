#!/usr/bin/env bash
# A generated site (Tests/browser/generate_site.py) with a cover on every article, taken in turn from
# the default site's photos, so that each cold build draws every card. Used by sanitize.sh and
# crash-loop.sh.
#
#   bash scripts/site-with-covers.sh ARTICLES FOLDER
set -euo pipefail
cd "$(dirname "$0")/.."
articles=${1:?articles}
site=${2:?folder}
if [[ -e $site ]]; then echo "$site exists: give a new folder" >&2; exit 2; fi
python3 Tests/browser/generate_site.py --articles "$articles" --out "$site" >/dev/null
covers=(Content/static/images/photos/*.jpg)
number=0
for article in "$site"/Content/articles/*.md; do
  cover=${covers[$((number % ${#covers[@]}))]#Content/static}
  sed -i "2i cover: { src: $cover, alt: \"A photo\" }" "$article"
  number=$((number + 1))
done
