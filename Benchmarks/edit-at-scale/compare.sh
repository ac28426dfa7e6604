#!/usr/bin/env bash
# Two masthead binaries on the same one-article edit: each builds its own copy of SITE (a copy, not
# a second output folder: two outputs of one site share its image cache, whose hard links then move
# each other's files' change time, and each build would find the other's output edited), then RUNS
# times a sentence is appended to the middle article of both copies and both build again, their
# order alternating. Each edited build is checked to have published the
# sentence. Prints every build's time, CPU and peak memory, and what it says it drew again.
#   bash Benchmarks/edit-at-scale/compare.sh BEFORE AFTER SITE [RUNS]
set -euo pipefail
before=$(readlink -f "$1") after=$(readlink -f "$2") site=$(readlink -f "$3") runs=${4:-3}
article=$(ls "$site/Content/articles" | sort | sed -n "$(( $(ls "$site/Content/articles" | wc -l) / 2 ))p")
outputs=$(mktemp -d /tmp/masthead-edit-compare.XXXXXX)
trap 'rm -rf "$outputs"' EXIT
# A first build and a nothing-changed one, untimed: each binary's cache settled.
for name in before after; do
  mkdir "$outputs/$name-site"
  cp -r "$site/Content" "$site/Templates" "$outputs/$name-site/"
  [ -d "$site/.masthead/images" ] && mkdir "$outputs/$name-site/.masthead" && cp -r "$site/.masthead/images" "$outputs/$name-site/.masthead/"
  for _ in 1 2; do "${!name}" build --site "$outputs/$name-site" --output "$outputs/$name" --quiet >/dev/null; done
done
echo "$runs edits of $article, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for run in $(seq "$runs"); do
  for name in before after; do
    printf '\n\nEdited in pair %s of the comparison.\n' "$run" >>"$outputs/$name-site/Content/articles/$article"
  done
  order="before after"; [ $((run % 2)) = 0 ] && order="after before"
  for name in $order; do
    /usr/bin/time -f "$name run $run: %e s wall, %U s user, %S s system, %M KB peak" \
      "${!name}" build --site "$outputs/$name-site" --output "$outputs/$name" 2>&1 | grep -E "wall|drawn again" || true
    grep -rlq --include=index.html "Edited in pair $run of the comparison" "$outputs/$name" \
      || { echo "$name run $run: the edit is not in the built site" >&2; exit 1; }
  done
done
