#!/usr/bin/env bash
# Checks that BINARY needs at run time only libraries of Debian packages, and that every library it
# links directly comes from a package docs/install.md names in its `apt-get install` line (the
# others come with those packages, as their dependencies). Prints the packages it links directly,
# one a line, for the release tarball (scripts/release.sh). Usage: check-runtime-libraries.sh BINARY
set -euo pipefail
binary=$1
docs="$(dirname "$0")/../docs/install.md"
documented=$(sed -n 's/^sudo apt-get install -y --no-install-recommends //p' "$docs" | head -1)
[ -n "$documented" ] || { echo "$docs: no 'sudo apt-get install -y --no-install-recommends' line" >&2; exit 1; }

# The Debian package that holds a library, by its path or, on a merged /usr, the other spelling of it.
package_of() {
    local path=$1 real
    real=$(readlink -f "$path")
    for candidate in "$path" "$real" "${path#/usr}" "/usr$path" "${real#/usr}" "/usr$real"; do
        if owner=$(dpkg -S "$candidate" 2>/dev/null | head -1); then
            echo "${owner%%:*}"
            return 0
        fi
    done
    return 1
}

problems=0
libraries=$(ldd "$binary")
if grep -q "not found" <<<"$libraries"; then
    grep "not found" <<<"$libraries" | sed 's/^[[:space:]]*/missing: /' >&2
    problems=1
fi
# Every library the loader resolves: from a Debian package, never from the toolchain or a build folder.
while read -r path; do
    if ! package_of "$path" >/dev/null; then
        echo "$path: not from a Debian package" >&2
        problems=1
    fi
done < <(awk '/=> \// {print $3} /^[[:space:]]*\// {print $1}' <<<"$libraries")

# The libraries the binary names itself: from the documented packages.
direct=()
while read -r soname; do
    path=$(awk -v name="$soname" '$1 == name && $2 == "=>" {print $3}' <<<"$libraries")
    [ -n "$path" ] || continue
    package=$(package_of "$path") || continue
    if ! grep -qwF -- "$package" <<<"$documented"; then
        echo "$soname ($package) is linked but docs/install.md does not name $package" >&2
        problems=1
    fi
    direct+=("$package")
done < <(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')

[ "$problems" -eq 0 ] || exit 1
printf '%s\n' "${direct[@]}" | sort -u
