#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the API contract tests and prints its URL.
# Installs Debian's PostgreSQL when no server binaries are present. Run as root (CI).
set -euo pipefail

initdb_path=$(command -v initdb || ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$initdb_path" ]; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  initdb_path=$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)
fi
# The real folder (initdb may be a link on PATH): pg_config is beside it there.
bin=$(dirname "$(readlink -f "$initdb_path")")

# PostgreSQL refuses to run as root: a system user of its own runs it.
id -u prismpg >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin prismpg
data=$(mktemp -d /tmp/prism-pg.XXXXXX)
chown prismpg "$data"
port=${PG_TEST_PORT:-55432}
# A server an earlier run left on the port would stop this one from starting: take the next free port.
if [ -z "${PG_TEST_PORT:-}" ]; then
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
fi
# pg_stat_statements where the server has it: npm run bench:api counts each scenario's statements and
# their planning and run times with it (scripts/bench/statements.ts).
statements=""
if [ -f "$("$bin/pg_config" --pkglibdir 2>/dev/null)/pg_stat_statements.so" ]; then
  statements="-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track_planning=on"
fi
runuser -u prismpg -- "$bin/initdb" -D "$data" -A trust -U postgres >/dev/null
runuser -u prismpg -- "$bin/pg_ctl" -D "$data" -l "$data/server.log" -o "-p $port -k $data -c listen_addresses=127.0.0.1 -c fsync=off $statements" -w start >/dev/null
echo "postgres://postgres@127.0.0.1:$port/postgres"
