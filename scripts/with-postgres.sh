#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL (docs/reports.md, "Databases"): Debian's
# postgresql server, a cluster made with initdb in a temporary folder, run by an
# unprivileged user on a free loopback port, loaded with the default site's statistics,
# and stopped (and removed) when the command ends, whether it passes or not. The command
# finds the server in MASTHEAD_TEST_POSTGRES_URL. A server that cannot start fails here,
# with its log. The server also accepts TLS (ssl=on), with a self-signed certificate made
# here by openssl, found in MASTHEAD_TEST_POSTGRES_CERT (for sslrootcert=).
#
#   scripts/with-postgres.sh swift test
#   scripts/with-postgres.sh sh -c 'psql "$MASTHEAD_TEST_POSTGRES_URL" -c "select count(*) from activities"'
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "with-postgres: no PostgreSQL server under /usr/lib/postgresql (apt-get install postgresql)" >&2
  exit 1
fi
dir="$(mktemp -d /tmp/masthead-postgres.XXXXXX)"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
password="$(python3 -c 'import secrets; print(secrets.token_hex(12))')"
# initdb refuses root: the cluster belongs to an unprivileged user.
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  id masthead-pg >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin masthead-pg
  chown masthead-pg "$dir"
  as_owner=(runuser -u masthead-pg --)
fi
stop() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
printf '%s\n' "$password" > "$dir/password"
[ "$(id -u)" -eq 0 ] && chown masthead-pg "$dir/password"
# A certificate for 127.0.0.1, valid for a day; the server refuses a key others can read.
if ! openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=127.0.0.1" -addext "subjectAltName=IP:127.0.0.1" \
  -keyout "$dir/server.key" -out "$dir/server.crt" >"$dir/openssl.log" 2>&1; then
  cat "$dir/openssl.log" >&2
  echo "with-postgres: openssl could not make the server's certificate" >&2
  exit 1
fi
chmod 600 "$dir/server.key"
[ "$(id -u)" -eq 0 ] && chown masthead-pg "$dir/server.key" "$dir/server.crt"
if ! "${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U masthead --pwfile="$dir/password" \
  --auth-host=scram-sha-256 --auth-local=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1; then
  cat "$dir/initdb.log" >&2
  echo "with-postgres: initdb failed" >&2
  exit 1
fi
if ! "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c ssl=on -c ssl_cert_file=$dir/server.crt -c ssl_key_file=$dir/server.key" \
  start >/dev/null; then
  cat "$dir/server.log" >&2
  echo "with-postgres: the server did not start" >&2
  exit 1
fi
export PGPASSWORD="$password"
"$bin/psql" -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U masthead -d postgres -c "CREATE DATABASE masthead" >/dev/null
psql=("$bin/psql" -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U masthead -d masthead)
"${psql[@]}" -f "$root/scripts/load-statistics.sql" >/dev/null
# \copy reads the files as this user (the server's user may not reach the checkout).
for table in activities redemptions questionnaires members machines; do
  "${psql[@]}" -c "\\copy $table FROM '$root/Content/stats/$table.csv' WITH (FORMAT csv, HEADER true)" >/dev/null
done
"${psql[@]}" -c "ANALYZE" >/dev/null
unset PGPASSWORD
export MASTHEAD_TEST_POSTGRES_URL="postgres://masthead:$password@127.0.0.1:$port/masthead"
export MASTHEAD_TEST_POSTGRES_CERT="$dir/server.crt"
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port, the default site's statistics loaded, TLS on" >&2
"$@"
