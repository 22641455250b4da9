#!/usr/bin/env bash
# The load test of the service (not part of `cargo test`; figures in docs/performance.md).
#
#   bash scripts/loadtest.sh          # from anywhere; needs python3, curl, and oha
#                                     # (installed with `cargo install oha --locked` if missing)
#   MAFIA_BIN=target/release/mafia RATE=1000 DURATION=30s bash scripts/loadtest.sh
#
# What it does, all on 127.0.0.1, and stops by itself:
# 1. builds the release binary and starts `mafia serve --demo` (SQLite, or DB; a free port) with
#    polling every second (--allow-private-forums: the fake forum is on 127.0.0.1);
# 2. serves a generated 1,000-post phpBB topic page (scripts/fake_forum.py) and creates a
#    game `polled` following it through the GM dashboard (log in, CSRF token, create form), so
#    the poller downloads, parses and stores that page about once a second throughout;
# 3. runs oha, a second process, at a fixed rate against the demo's status page, its JSON
#    API and the polled game's status page, and prints requests/s and latency percentiles
#    (oha's --latency-correction: latency counts from when a request was due, so a stalled
#    server cannot hide its queue), the polls logged by the server and the pages the forum
#    served during each run, and the load average before and after it.
#
# LOADGEN=wrk uses wrk instead (no fixed rate: as many requests as the server answers; its
# p99 is then the latency at full load, an upper bound for any lower rate).
# Settings (environment): MAFIA_BIN (a built binary to use instead of building one),
# RATE (requests/s, 1000), DURATION (per target, 30s), CONNECTIONS (16),
# POSTS (on the forum page, 1000), POLL (seconds between polls, 1),
# TARGETS (paths, "/g/demo /api/games/demo /g/polled"),
# DB (the database: a fresh one; default a SQLite file in a scratch folder; a postgres:// URL of
# an empty database for PostgreSQL), INSTANCES (1: with more, that many `mafia serve` on DB, all
# polling, each loaded at RATE/INSTANCES at the same time, one table row per instance; needs a
# PostgreSQL DB: two instances on one SQLite file would each poll the thread).
#
#   createdb -h 127.0.0.1 -p 54329 -U postgres mafia_load
#   DB=postgres://postgres@127.0.0.1:54329/mafia_load INSTANCES=2 bash scripts/loadtest.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RATE=${RATE:-1000}
DURATION=${DURATION:-30s}
CONNECTIONS=${CONNECTIONS:-16}
TARGETS=${TARGETS:-/g/demo /api/games/demo /g/polled}
POSTS=${POSTS:-1000}
INSTANCES=${INSTANCES:-1}
POLL=${POLL:-1}
target=${CARGO_TARGET_DIR:-target}

if [ -n "${MAFIA_BIN:-}" ]; then
    bin=$MAFIA_BIN
else
    echo "== building the release binary"
    cargo build --release --locked -q -p mafia
    bin="$target/release/mafia"
fi

LOADGEN=${LOADGEN:-oha}
if [ "$LOADGEN" = wrk ]; then
    command -v wrk >/dev/null || { echo "error: LOADGEN=wrk needs wrk (apt-get install wrk)" >&2; exit 1; }
else
    oha=$(command -v oha || echo "$HOME/.cargo/bin/oha")
    if [ ! -x "$oha" ]; then
        echo "== installing oha (cargo install oha --locked: a few minutes, once)"
        cargo install oha --locked -q
    fi
fi

# The interpreter itself (not a version manager's shim), so that its pid is the server's.
py=$(python3 -c 'import sys; print(sys.executable)')
work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# Waits (at most $2 seconds) until the command in $1 succeeds.
wait_for() {
    local tries=$(($2 * 10))
    until eval "$1" >/dev/null 2>&1; do
        tries=$((tries - 1))
        if [ "$tries" -le 0 ]; then
            echo "error: timed out waiting for: $1" >&2
            return 1
        fi
        sleep 0.1
    done
}

free_port() {
    "$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

echo "== a fake forum with a $POSTS-post topic page"
forum_port=$(free_port)
"$py" scripts/fake_forum.py "$forum_port" "$POSTS" "$work/forum-count" & pids+=($!)
wait_for "curl -sf -o /dev/null http://127.0.0.1:$forum_port/" 30

db=${DB:-$work/load.db}
echo "== mafia serve --demo, $INSTANCES instance(s) on one database (polling every ${POLL}s)"
password=loadtest-password
printf '%s\n' "$password" | "$bin" serve --db "$db" --add-gm loadtest >/dev/null
# One after the other: the first stores the demo game, the others find it stored.
bases=()
for i in $(seq 1 "$INSTANCES"); do
    NO_COLOR=1 RUST_LOG=mafia_server::poll=info "$bin" serve --demo --db "$db" \
        --listen 127.0.0.1:0 --poll-interval "$POLL" --allow-private-forums \
        >"$work/serve.$i.out" 2>"$work/serve.$i.err" & pids+=($!)
    wait_for "grep -q '^Serving the demo game at ' '$work/serve.$i.out'" 30
    demo_url=$(sed -n 's/^Serving the demo game at //p' "$work/serve.$i.out" | head -n 1)
    bases+=("${demo_url%/g/demo}")
    wait_for "curl -sf -o /dev/null $demo_url" 30
done
base=${bases[0]}

echo "== the GM creates a game that follows the fake forum's thread"
jar="$work/cookies"
csrf_of() { grep -o 'name="csrf" value="[0-9a-f]*"' | head -n 1 | sed 's/.*value="//; s/"$//'; }
csrf=$(curl -sf -c "$jar" -b "$jar" "$base/gm/login" | csrf_of)
curl -sf -c "$jar" -b "$jar" -o /dev/null --data-urlencode "csrf=$csrf" \
    --data-urlencode name=loadtest --data-urlencode "password=$password" "$base/gm/login"
csrf=$(curl -sf -c "$jar" -b "$jar" "$base/gm" | csrf_of)
sed 's/^name = .*/name = "Load test game"/' demo/game.toml >"$work/polled.toml"
code=$(curl -s -c "$jar" -b "$jar" -o "$work/create.html" -w '%{http_code}' \
    --data-urlencode "csrf=$csrf" --data-urlencode slug=polled \
    --data-urlencode "thread_url=http://127.0.0.1:$forum_port/viewtopic.php?t=1" \
    --data-urlencode forum=phpbb --data-urlencode "config@$work/polled.toml" "$base/gm/games")
if [ "$code" != 303 ]; then
    echo "error: creating the polled game answered $code:" >&2
    sed 's/<[^>]*>/ /g' "$work/create.html" | tr -s ' \n' | head -c 600 >&2
    exit 1
fi
polled_posts() {
    curl -sf "$base/api/games" | "$py" -c '
import json, sys
print(next((g["posts"] for g in json.load(sys.stdin) if g["slug"] == "polled"), 0))'
}
wait_for "[ \"\$(polled_posts)\" = $POSTS ]" 60
echo "the polled game has $(polled_posts) posts; the forum has served $(cat "$work/forum-count") pages so far"

cores=$(nproc)
cpu=$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)
if [ "$LOADGEN" = wrk ]; then
    echo "== wrk: as fast as it can for $DURATION per target, $CONNECTIONS connections ($cores cores: $cpu)"
else
    if "$oha" --help | grep -q -- '--output-format'; then json=(--output-format json); else json=(-j); fi
    echo "== oha: $RATE requests/s for $DURATION per target, $CONNECTIONS connections ($cores cores: $cpu)"
fi
summary="$work/summary"
# One line per poll of the forum's thread in the server's log (RUST_LOG=mafia_server::poll=info).
# (Colour codes, if any, are taken out first.)
poll_log() { cat "$work"/serve.*.err | sed 's/\x1b\[[0-9;]*m//g' | grep 'game=polled' || true; }
poll_lines() { poll_log | wc -l; }
load1() { cut -d' ' -f1 /proc/loadavg; }
rate=$((RATE / INSTANCES))
for path in $TARGETS; do
    cmds=()
    for i in "${!bases[@]}"; do
        url="${bases[$i]}$path"
        if [ "$LOADGEN" = wrk ]; then
            wrk -t2 -c"$CONNECTIONS" -d2s "$url" >/dev/null # warm-up
            cmds+=("wrk -t2 -c$CONNECTIONS -d$DURATION --latency $url")
        else
            "$oha" --no-tui -n 500 -c "$CONNECTIONS" "$url" >/dev/null # warm-up
            cmds+=("$oha --no-tui ${json[*]} -z $DURATION -q $rate -c $CONNECTIONS --latency-correction $url")
        fi
    done
    pages_before=$(cat "$work/forum-count")
    polls_before=$(poll_lines)
    load_before=$(load1)
    # Every instance at once (the URLs and flags have no spaces).
    loadgens=()
    for i in "${!cmds[@]}"; do
        echo "-- $(date -u +%H:%M:%S) load average $load_before: ${cmds[$i]}"
        ${cmds[$i]} >"$work/loadgen.$i.out" & loadgens+=($!)
    done
    wait "${loadgens[@]}"
    load="$load_before → $(load1)"
    pages=$(($(cat "$work/forum-count") - pages_before))
    polls=$(($(poll_lines) - polls_before))
    echo "   the forum served $pages pages, the servers logged $polls polls; the last:"
    poll_log | tail -n 1 | cut -c 1-200 | sed 's/^/   /'
    for i in "${!cmds[@]}"; do
        label=$path
        if [ "$INSTANCES" -gt 1 ]; then label="$path (instance $((i + 1)) of $INSTANCES)"; fi
        if [ "$LOADGEN" = wrk ]; then
            "$py" - "$work/loadgen.$i.out" "$label" "$pages" "$polls" "$load" <<'PY' | tee -a "$summary"
import re, sys
text, path, pages, polls, load = open(sys.argv[1]).read(), *sys.argv[2:]
def field(pattern):
    m = re.search(pattern, text, re.M)
    return m.group(1) if m else "n/a"
errors = field(r"^\s*Non-2xx or 3xx responses: (\d+)")
rate = float(field(r"^Requests/sec:\s*([0-9.]+)"))
p50, p99 = field(r"^\s*50%\s+(\S+)"), field(r"^\s*99%\s+(\S+)")
slowest = field(r"^\s*Latency\s+\S+\s+\S+\s+(\S+)")
answered = "all 2xx" if errors == "n/a" else errors + " not 2xx"
print(f"| {path} | {rate:.0f} | {p50} | {p99} | n/a | {slowest} | {answered} | {polls} polls, {pages} pages | {load} |")
PY
            continue
        fi
        "$py" - "$work/loadgen.$i.out" "$label" "$pages" "$polls" "$load" <<'PY' | tee -a "$summary"
import json, sys
report, (path, pages, polls, load) = json.load(open(sys.argv[1])), sys.argv[2:]
s, p = report["summary"], report["latencyPercentiles"]
ms = lambda v: f"{v * 1000:.2f} ms" if v is not None else "n/a"
codes = report.get("statusCodeDistribution", {})
answers = ", ".join(f"{k}: {v}" for k, v in sorted(codes.items()))
# oha's error counts (refused, reset, timed out, and "aborted due to deadline": still open when
# the time was up).
errors = "; ".join(f"{k}: {v}" for k, v in sorted(report.get("errorDistribution", {}).items()))
print(f"| {path} | {s['requestsPerSec']:.0f} | {ms(p.get('p50'))} | {ms(p.get('p99'))} | "
      f"{ms(p.get('p99.9'))} | {ms(s.get('slowest'))} | {s['successRate'] * 100:.1f}% "
      f"({answers}{'; ' + errors if errors else ''}) | {polls} polls, {pages} pages | {load} |")
PY
    done
done
echo
echo "| target | requests/s | p50 | p99 | p99.9 | slowest | answered (status: count) | polls during the run | load average (1 min) before → after |"
echo "|---|---|---|---|---|---|---|---|---|"
cat "$summary"
