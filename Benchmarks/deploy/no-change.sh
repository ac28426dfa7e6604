#!/usr/bin/env bash
# A no-change deploy (listing and planning) against moto's S3 server on loopback, beside `rclone sync` of the
# same output to the same bucket, after a clean rebuild (every file rewritten with a new time, same bytes).
#   bash Benchmarks/deploy/no-change.sh ARTICLES [MASTHEAD]     (DEFAULT_RUNS=N: runs of rclone's default, 3)
set -euo pipefail
articles=${1:-60}
masthead=${2:-.build/debug/masthead}
site=$(mktemp -d /tmp/masthead-deploy-bench.XXXXXX)
port=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
endpoint=http://127.0.0.1:$port
client=Tests/MastheadDeployTests/Support/s3_client.py
python3 -m moto.server -H 127.0.0.1 -p "$port" >/dev/null 2>&1 &
moto=$!
trap 'kill $moto; rm -rf "$site"' EXIT
python3 "$client" "$endpoint" wait
python3 "$client" "$endpoint" create-bucket magazine-www
python3 Tests/browser/generate_site.py --articles "$articles" --out "$site" >/dev/null
"$masthead" build --site "$site" --quiet
echo "files: $(find "$site/public" -type f | wc -l)"
export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE AWS_SECRET_ACCESS_KEY=x
export RCLONE_CONFIG_MOTO_TYPE=s3 RCLONE_CONFIG_MOTO_PROVIDER=Other RCLONE_CONFIG_MOTO_ENDPOINT=$endpoint
export RCLONE_CONFIG_MOTO_ACCESS_KEY_ID=$AWS_ACCESS_KEY_ID RCLONE_CONFIG_MOTO_SECRET_ACCESS_KEY=x RCLONE_CONFIG_MOTO_FORCE_PATH_STYLE=true
target="s3://magazine-www/mh?endpoint=$endpoint&path_style=true"
"$masthead" deploy --site "$site" "$target" --quiet
env -u AWS_CA_BUNDLE rclone sync "$site/public" moto:magazine-www/rc 2>/dev/null
"$masthead" build --site "$site" --quiet --no-cache
echo "uploaded and rebuilt; the timed runs follow"
# time writes to a file: rclone's own messages are discarded, time's must not be.
timed() {
  /usr/bin/time -f "$1: %e s" -o "$site/time.txt" "${@:2}" 2>/dev/null
  cat "$site/time.txt"
}
# Alternating: masthead, then rclone's fastest exact configuration. --checksum compares the listing's ETags (MD5)
# with the local files' MD5, no request per object; --fast-list lists the bucket in as few requests as it can.
for run in 1 2 3; do
  timed "masthead deploy, no change" "$masthead" deploy --site "$site" "$target" --quiet
  timed "rclone sync --checksum --fast-list, no change" env -u AWS_CA_BUNDLE rclone sync --checksum --fast-list "$site/public" moto:magazine-www/rc
  # The server's share: boto3 listing the keys masthead's copy has (prefix mh), nothing else.
  timed "listing alone (boto3, prefix mh)" python3 "$client" "$endpoint" count magazine-www mh
done
# rclone's default (size and modification time: a request per object), shown beside it; DEFAULT_RUNS=0 skips it.
for ((run = 0; run < ${DEFAULT_RUNS:-3}; run++)); do
  timed "rclone sync (default), no change" env -u AWS_CA_BUNDLE rclone sync "$site/public" moto:magazine-www/rc
done
