#!/usr/bin/env bash
# `make check-install`'s smoke test of the binary `make install` installed (docs/install.md): it needs only libraries of the
# Debian packages the docs name (check-runtime-libraries.sh), and, copied alone into an empty folder and
# run from there with no MASTHEAD_HOME, it writes a new site, builds it, checks it and serves it.
# InstallTests (swift test --filter InstallTests) does the same with the source tree hidden.
set -euo pipefail
binary=$(readlink -f "$1")
here=$(cd "$(dirname "$0")" && pwd)
echo "masthead needs these Debian packages: $(bash "$here/check-runtime-libraries.sh" "$binary" | tr '\n' ' ')"

folder=$(mktemp -d)
server=""
cleanup() {
    [ -z "$server" ] || kill "$server" 2>/dev/null || true
    rm -rf "$folder"
}
trap cleanup EXIT
cp "$binary" "$folder/masthead"
cd "$folder"
unset MASTHEAD_HOME
./masthead --version
./masthead new site site
./masthead build --quiet --site site
./masthead check --site site
# --port 0 picks a free port; serve prints its address alone on its first line.
./masthead serve --quiet --site site --port 0 >serve.log 2>&1 &
server=$!
for _ in $(seq 100); do grep -q '^http://' serve.log && break; sleep 0.1; done
address=$(grep -m1 '^http://' serve.log) || { cat serve.log; echo "serve printed no address" >&2; exit 1; }
hostport=${address#http://}
hostport=${hostport%%/*}
exec 3<>"/dev/tcp/${hostport%:*}/${hostport##*:}"
printf 'GET / HTTP/1.0\r\nHost: %s\r\n\r\n' "$hostport" >&3
response=$(cat <&3)
exec 3<&-
grep -q '^HTTP/1.[01] 200' <<<"$response" || { echo "GET / on $address: ${response%%$'\r'*}" >&2; exit 1; }
grep -q '/articles/tiramisu/' <<<"$response" || { echo "GET / on $address: not the starter's home page" >&2; exit 1; }
echo "$address: 200, the starter's home page"
echo "ok: $binary works alone"
