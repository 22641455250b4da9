# Sourced by .ci/run: installs PostgreSQL from the distribution packages (when missing),
# starts a throwaway cluster on 127.0.0.1 and exports MAFIA_TEST_POSTGRES_URL for the
# storage tests. Idempotent and quiet on success; on a failure CI (CI=true) stops, and a
# developer's run skips the PostgreSQL tests (they say so).
mafia_pg_setup() {
    local port=54329 data=/tmp/mafia-ci-pg bin
    if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) \
                >/tmp/mafia-ci-pg-install.log 2>&1 || return 1
        else
            return 1
        fi
    fi
    bin=$(dirname "$(ls -d /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -n 1)")
    local run=()
    if [ "$(id -u)" = 0 ]; then run=(runuser -u postgres --); fi
    if [ ! -f "$data/PG_VERSION" ]; then
        mkdir -p "$data" && chown "$( [ "$(id -u)" = 0 ] && echo postgres || id -un )" "$data"
        "${run[@]}" "$bin/initdb" -D "$data" -U postgres --auth=trust >/tmp/mafia-ci-pg-init.log 2>&1 || return 1
    fi
    if ! "${run[@]}" "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
        "${run[@]}" "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w \
            -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$data -c fsync=off" \
            start >/dev/null 2>&1 || return 1
    fi
    export MAFIA_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
}
if ! mafia_pg_setup; then
    # In CI the PostgreSQL half of the storage suite must run; elsewhere it says it was skipped.
    if [ "${CI:-}" = true ]; then
        echo "PostgreSQL could not be installed or started (see /tmp/mafia-ci-pg-*.log)" >&2
        exit 1
    fi
    echo "note: PostgreSQL could not be started; the PostgreSQL storage tests will be skipped"
fi
