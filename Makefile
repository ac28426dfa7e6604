# Masthead: the commands a newcomer needs. `make site`, `make test`.
SWIFT ?= swift
SITE ?= .
CMARK_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev

.PHONY: deps build site test clean

# Installs Debian's cmark-gfm libraries when they are missing (root or sudo).
deps:
	@missing=""; for p in $(CMARK_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing"; \
	  SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product masthead

site: build
	$$($(SWIFT) build -c release --show-bin-path)/masthead build --site $(SITE)

test: deps
	$(SWIFT) test

clean:
	rm -rf .build public
