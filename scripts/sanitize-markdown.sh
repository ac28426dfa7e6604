#!/usr/bin/env bash
# `make sanitize-markdown` (docs/checking.md, "AddressSanitizer over Markdown"): the article path's
# suites (the GFM spec in both modes, the post-processing's hostile inputs, the highlighter's limits)
# under AddressSanitizer, then the FuzzMarkdown target (every Markdown body with raw HTML on and off,
# and every lexer) built with AddressSanitizer and libFuzzer for SECONDS (60 by default) over
# Fuzz/corpus/FuzzMarkdown. Any sanitizer report fails it.
#
#   bash scripts/sanitize-markdown.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
swift=${SWIFT:-swift}
export ASAN_OPTIONS="halt_on_error=1 detect_leaks=0 ${ASAN_OPTIONS:-}"

echo "== address: build (.build-asan)"
$swift build --build-tests --sanitize=address --scratch-path .build-asan
echo "== address: the article path's suites"
$swift test --skip-build --sanitize=address --scratch-path .build-asan \
  --filter '\.(GFMSpecTests|ArticlePathSafetyTests|HighlighterLimitsTests|MarkdownTests|HighlightTests|MediaBlockTests)/'

echo "== address: FuzzMarkdown for $seconds s (.build-fuzz-asan)"
$swift build -c release --package-path Fuzz --scratch-path .build-fuzz-asan --product FuzzMarkdown --sanitize=address \
  -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library -Xswiftc -use-ld=lld
mkdir -p .build-fuzz-asan/artifacts/FuzzMarkdown
.build-fuzz-asan/release/FuzzMarkdown -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix=.build-fuzz-asan/artifacts/FuzzMarkdown/ -print_final_stats=1 Fuzz/corpus/FuzzMarkdown
echo "== address: clean"
