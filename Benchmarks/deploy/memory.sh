#!/usr/bin/env bash
# Peak memory and time of a no-change `masthead deploy` of FILES output files, to a folder through rsync (file://)
# and, with S3=1, to moto's S3 server on loopback. The site is the default one with 2 articles and FILES small
# static files (copied as they are), so the build is quick even with a debug binary; what is measured is the deploy.
#   bash Benchmarks/deploy/memory.sh [FILES] [MASTHEAD]      (FILES: 100000; MASTHEAD: .build/release/masthead)
# The peak is that of masthead and the rsync it runs (GNU time's maximum resident set). At 1,000,000 files the site,
# its output and the published copy take about 12 GB and 3 million inodes under TMPDIR (default /tmp), and the deploy's
# temporary files about 450 MB more; the S3 half (a million PUTs through moto) takes hours. RSYNC=0 skips the rsync half.
set -euo pipefail
files=${1:-100000}
masthead=${2:-.build/release/masthead}
site=$(mktemp -d "${TMPDIR:-/tmp}/masthead-deploy-memory.XXXXXX")
moto=""
trap '[ -n "$moto" ] && kill $moto; rm -rf "$site"' EXIT
python3 Tests/browser/generate_site.py --articles 2 --out "$site" >/dev/null
python3 - "$site/Content/static/files" "$files" <<'PY'
import os, sys
root, count = sys.argv[1], int(sys.argv[2])
for index in range(count):
    folder = os.path.join(root, "%03d" % (index // 1000))
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "file-%06d.txt" % index), "w") as handle:
        handle.write("file %d\n" % index)
PY
/usr/bin/time -f "build: %e s, peak %M KB" "$masthead" build --site "$site" --quiet
echo "output files: $(find "$site/public" -type f | wc -l)"
if [ "${RSYNC:-1}" = 1 ]; then
  mkdir -p "$site/published"
  target="file://$site/published"
  /usr/bin/time -f "first deploy (rsync, file://): %e s, peak %M KB" "$masthead" deploy --site "$site" "$target" --quiet
  echo "deploy record: $(wc -c <"$site/published/.masthead-deploy") bytes"
  for run in 1 2 3; do
    /usr/bin/time -f "no-change deploy (rsync, file://): %e s, peak %M KB" "$masthead" deploy --site "$site" "$target" --quiet
  done
fi
if [ "${S3:-0}" = 1 ]; then
  port=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
  endpoint=http://127.0.0.1:$port
  client=Tests/MastheadDeployTests/Support/s3_client.py
  python3 -m moto.server -H 127.0.0.1 -p "$port" >/dev/null 2>&1 &
  moto=$!
  python3 "$client" "$endpoint" wait
  python3 "$client" "$endpoint" create-bucket magazine-www
  export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE AWS_SECRET_ACCESS_KEY=x
  s3="s3://magazine-www/www?endpoint=$endpoint&path_style=true"
  /usr/bin/time -f "first deploy (S3, moto): %e s, peak %M KB" "$masthead" deploy --site "$site" "$s3" --quiet
  for run in 1 2 3; do
    /usr/bin/time -f "no-change deploy (S3, moto): %e s, peak %M KB" "$masthead" deploy --site "$site" "$s3" --quiet
  done
fi
