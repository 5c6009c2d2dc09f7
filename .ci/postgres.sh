# Sourced by .ci/run (and usable by hand: `source .ci/postgres.sh && pg_throwaway_start`):
# a throwaway PostgreSQL 15 cluster for the store contract suite, owned by the `postgres` user,
# listening on a Unix socket only. Exports CORROBORATE_TEST_PG; pg_throwaway_stop removes it.

PG_BIN=/usr/lib/postgresql/15/bin

pg_throwaway_start() {
  if [ ! -x "$PG_BIN/initdb" ]; then
    echo "ci: installing Debian's PostgreSQL for the store contract suite" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null
  fi
  PG_TMP=$(mktemp -d /tmp/corroborate-pg.XXXXXX)
  chown postgres:postgres "$PG_TMP"
  chmod 700 "$PG_TMP"
  PG_PORT=${PG_PORT:-$((50000 + RANDOM % 10000))}
  # Run from the cluster's folder: the postgres user may not be allowed into the current one.
  (
    cd "$PG_TMP"
    runuser -u postgres -- "$PG_BIN/initdb" -D "$PG_TMP/data" -A trust -U postgres >/dev/null
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/log" -w \
      -o "-k $PG_TMP -p $PG_PORT -c listen_addresses='' -c fsync=off" start >/dev/null
    runuser -u postgres -- "$PG_BIN/createdb" -h "$PG_TMP" -p "$PG_PORT" corroborate_test
  )
  export CORROBORATE_TEST_PG="postgres://postgres@localhost/corroborate_test?host=$PG_TMP&port=$PG_PORT"
  echo "ci: PostgreSQL cluster at $PG_TMP (port $PG_PORT)" >&2
}

pg_throwaway_stop() {
  if [ -n "${PG_TMP:-}" ] && [ -d "$PG_TMP/data" ]; then
    (cd "$PG_TMP" && runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -m immediate stop >/dev/null 2>&1) || true
    rm -rf "$PG_TMP"
  fi
}
