#!/usr/bin/env bash
# `make release`: the binary `make check-install` checks (Swift runtime linked in, starter sites built in)
# in a tarball with the licences of what is linked into it and the Debian packages it needs at run
# time (docs/install.md). Usage: release.sh BINARY OUTPUT_FOLDER CHECKOUTS; BINARY is
# `swift build -c release --static-swift-stdlib`'s masthead, whose folder holds its link file list, and
# CHECKOUTS the folder of that build's Swift packages (SCRATCH/checkouts).
set -euo pipefail
binary=$(readlink -f "$1")
output=$(mkdir -p "$2" && cd "$2" && pwd)
checkouts=$(cd "$3" && pwd)
cd "$(dirname "$0")/.."

version=$("$binary" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)
codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-unknown}")
name="masthead-$version-linux-$arch-debian-$codename"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name/licenses"

# The packages it links directly, checked against docs/install.md (fails on any other library).
bash scripts/check-runtime-libraries.sh "$binary" >"$stage/$name/DEBIAN-PACKAGES"
install -m 755 "$binary" "$stage/$name/masthead"
# Without its debug information, as `make install` installs it (the symbols stay, for backtraces).
strip --strip-debug "$stage/$name/masthead"
[ -f LICENSE ] && cp LICENSE "$stage/$name/LICENSE"

# The Swift packages whose modules are linked into the binary: those with a folder under Sources/ named
# after a module in the link's file list (test-only packages, such as CSV.swift, are not in it).
links="$(dirname "$binary")/masthead.product/Objects.LinkFileList"
[ -f "$links" ] || { echo "no link file list at $links: build with swift build -c release first" >&2; exit 1; }
modules=$(sed -n 's|.*/\([^/]*\)\.build/[^/]*\.o$|\1|p' "$links" | sort -u)
for checkout in "$checkouts"/*/; do
    package=$(basename "$checkout")
    linked=no
    for source in "$checkout"Sources/*/; do
        [ -d "$source" ] || continue
        if grep -qxF "$(basename "$source")" <<<"$modules"; then linked=yes; break; fi
    done
    [ "$linked" = yes ] || continue
    found=no
    for licence in "$checkout"LICENSE* "$checkout"LICENCE* "$checkout"NOTICE* "$checkout"COPYING*; do
        [ -f "$licence" ] || continue
        cp "$licence" "$stage/$name/licenses/$package-$(basename "$licence")"
        found=yes
    done
    [ "$found" = yes ] || { echo "$package is linked into masthead but has no licence file" >&2; exit 1; }
done
# The Swift runtime and Foundation, linked statically (Apache 2.0 with the Runtime Library Exception).
swift_licence="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/share/swift/LICENSE.txt"
[ -f "$swift_licence" ] && cp "$swift_licence" "$stage/$name/licenses/swift-LICENSE.txt"

cat >"$stage/$name/README" <<README
Masthead $version for Debian $codename ($arch): one binary, with the default theme, the starter site
and the examples built in, and the Swift runtime linked in. Install the packages DEBIAN-PACKAGES
names, then copy masthead to a folder on your PATH:

    sudo apt-get install -y --no-install-recommends \$(cat DEBIAN-PACKAGES)
    sudo install -m 755 masthead /usr/local/bin/masthead
    masthead new site my-site && masthead serve --site my-site

licenses/ holds the licences of the Swift packages and the Swift runtime linked into it.
README

# Deterministic: sorted names, a fixed owner and time, no gzip timestamp.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -C "$stage" -cf - "$name" | gzip -n >"$output/$name.tar.gz"
(cd "$output" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
echo "$output/$name.tar.gz"
