#!/usr/bin/env bash
# A copy of a generated corpus's Masthead site without social cards, for the builds that leave
# them out on every size alike (Benchmarks/instructions, Benchmarks/million): Content hard-linked,
# Templates copied with the theme's `social-image` partial emptied, so no card is drawn or linked.
# A first build draws a card per article (about 7 ms each here: hours at 100,000 and more).
#
#   bash Benchmarks/nocards.sh CORPUS SITE      # CORPUS/masthead -> SITE, unless SITE exists
set -euo pipefail
corpus="$1" site="$2"
[ -d "$site" ] && exit 0
mkdir -p "$site"
cp -al "$corpus/masthead/Content" "$site/Content"
cp -r "$corpus/masthead/Templates" "$site/Templates"
: >"$site/Templates/social-image.mustache"
