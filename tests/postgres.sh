# Sourced by tests/run-all.sh (bash): starts a throw-away PostgreSQL on loopback for the
# collector's tests and exports PLY_TEST_POSTGRES_URL (a superuser on a fresh database; the
# tests create one more database per test from it). Stops the server and deletes its files when
# the sourcing shell exits.
#
# - A PLY_TEST_POSTGRES_URL already set (and answering) is used as it is.
# - The server binaries are taken from /usr/lib/postgresql/*/bin (the highest version); when
#   there are none, Debian's `postgresql` package is installed first (needs root).
# - PostgreSQL refuses to run as root, so under root the cluster runs as the `postgres` system
#   user (created by the Debian package), or as a `plytest` user created here.
# - If PostgreSQL cannot be started, CI (CI=true) fails; elsewhere a warning is printed and the
#   PostgreSQL test cases skip themselves, saying so.
#
# Can also be run directly to try it: `bash tests/postgres.sh` starts and stops a cluster.

ply_pg_log() { printf 'postgres.sh: %s\n' "$*" >&2; }

# Directory holding the real server binaries (initdb, pg_ctl, postgres), or nothing.
ply_pg_bindir() {
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ] && echo "$dir"
    done | sort -V | tail -n 1
}

# Installs Debian's PostgreSQL when no server binaries exist.
ply_pg_install() {
    if [ -n "$(ply_pg_bindir)" ]; then
        return 0
    fi
    if [ "$(id -u)" != 0 ]; then
        ply_pg_log "no PostgreSQL server binaries and not root: cannot install them"
        return 1
    fi
    ply_pg_log "installing PostgreSQL from Debian's packages"
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -qq >&2 &&
        DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq postgresql >&2
}

# Runs "$@" as the user that owns the cluster (ourselves unless root), from a readable cwd.
ply_pg_as() {
    if [ -n "${PLY_PG_USER:-}" ]; then
        (cd / && runuser -u "$PLY_PG_USER" -- "$@")
    else
        (cd / && "$@")
    fi
}

# A loopback TCP port nothing listens on (random start, linear probe).
ply_pg_free_port() {
    local port=$((20000 + RANDOM % 30000)) tries=0
    while [ "$tries" -lt 200 ]; do
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            printf '%s' "$port"
            return 0
        fi
        port=$((port + 1))
        tries=$((tries + 1))
    done
    return 1
}

ply_pg_stop() {
    if [ -n "${PLY_PG_DIR:-}" ] && [ -d "$PLY_PG_DIR" ]; then
        if [ -n "${PLY_PG_BIN:-}" ] && [ -f "$PLY_PG_DIR/data/postmaster.pid" ]; then
            ply_pg_as "$PLY_PG_BIN/pg_ctl" -D "$PLY_PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
        fi
        rm -rf "$PLY_PG_DIR"
    fi
    PLY_PG_DIR=""
}

ply_pg_start() {
    # Already set up (sourced twice, or given by the caller) and answering: keep it.
    if [ -n "${PLY_TEST_POSTGRES_URL:-}" ]; then
        if command -v pg_isready >/dev/null 2>&1 && ! pg_isready -q -d "$PLY_TEST_POSTGRES_URL"; then
            ply_pg_log "PLY_TEST_POSTGRES_URL is set but the server does not answer"
            return 1
        fi
        ply_pg_log "using the PostgreSQL at PLY_TEST_POSTGRES_URL"
        return 0
    fi

    ply_pg_install || return 1
    PLY_PG_BIN="$(ply_pg_bindir)"
    if [ -z "$PLY_PG_BIN" ]; then
        ply_pg_log "no initdb/pg_ctl/postgres found under /usr/lib/postgresql/*/bin"
        return 1
    fi

    PLY_PG_USER=""
    if [ "$(id -u)" = 0 ]; then
        if id postgres >/dev/null 2>&1; then
            PLY_PG_USER=postgres
        else
            id plytest >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin plytest
            PLY_PG_USER=plytest
        fi
    fi

    PLY_PG_DIR="$(mktemp -d "${TMPDIR:-/tmp}/ply-pg.XXXXXX")" || return 1
    chmod 755 "$PLY_PG_DIR"
    [ -n "$PLY_PG_USER" ] && chown "$PLY_PG_USER" "$PLY_PG_DIR"

    # Trust on loopback only: a throw-away cluster for tests, never reachable from outside.
    if ! ply_pg_as "$PLY_PG_BIN/initdb" -D "$PLY_PG_DIR/data" -U ply -A trust -E UTF8 \
        --locale=C --no-sync >"$PLY_PG_DIR/initdb.log" 2>&1; then
        ply_pg_log "initdb failed:"
        cat "$PLY_PG_DIR/initdb.log" >&2
        return 1
    fi

    local attempt port
    PLY_PG_PORT=""
    for attempt in 1 2 3 4 5; do
        port="$(ply_pg_free_port)" || return 1
        # fsync off: a throw-away test cluster; durability is SQLite's and production's business.
        if ply_pg_as "$PLY_PG_BIN/pg_ctl" -D "$PLY_PG_DIR/data" -l "$PLY_PG_DIR/server.log" -w -t 60 \
            -o "-p $port -k $PLY_PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=400 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
            start >/dev/null 2>&1; then
            PLY_PG_PORT="$port"
            break
        fi
        ply_pg_log "start on port $port failed (attempt $attempt)"
        tail -n 5 "$PLY_PG_DIR/server.log" >&2 2>/dev/null || true
    done
    if [ -z "${PLY_PG_PORT:-}" ]; then
        return 1
    fi

    if ! ply_pg_as "$PLY_PG_BIN/psql" -X -q -h 127.0.0.1 -p "$PLY_PG_PORT" -U ply -d postgres \
        -c "CREATE DATABASE ply_test" >/dev/null 2>&1; then
        ply_pg_log "cannot create the test database"
        return 1
    fi
    export PLY_TEST_POSTGRES_URL="postgres://ply@127.0.0.1:$PLY_PG_PORT/ply_test"
    ply_pg_log "PostgreSQL $("$PLY_PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PLY_PG_PORT (data in $PLY_PG_DIR)"
    ply_pg_log "export PLY_TEST_POSTGRES_URL=$PLY_TEST_POSTGRES_URL"
    return 0
}

# Chain our cleanup after any EXIT trap the sourcing shell already has.
ply_pg_register_cleanup() {
    local previous
    previous="$(trap -p EXIT | sed -e "s/^trap -- '//" -e "s/' EXIT\$//")"
    case "$previous" in
    *ply_pg_stop*) return 0 ;;
    esac
    if [ -n "$previous" ]; then
        # shellcheck disable=SC2064 # expand the previous handler now, on purpose
        trap "ply_pg_stop; $previous" EXIT
    else
        trap ply_pg_stop EXIT
    fi
}

if [ -z "${PLY_TEST_POSTGRES_URL:-}" ]; then
    ply_pg_register_cleanup
fi
if ! ply_pg_start; then
    ply_pg_stop
    unset PLY_TEST_POSTGRES_URL
    if [ "${CI:-}" = true ]; then
        ply_pg_log "could not start PostgreSQL, and CI needs it"
        return 1 2>/dev/null || exit 1
    else
        ply_pg_log "WARNING: could not start PostgreSQL; the PostgreSQL test cases will be skipped"
    fi
fi

# Run directly (not sourced): show that it works, then clean up on exit.
if [ "${BASH_SOURCE[0]}" = "$0" ] && [ -n "${PLY_TEST_POSTGRES_URL:-}" ]; then
    psql -X -d "$PLY_TEST_POSTGRES_URL" -c 'SELECT version()'
fi
