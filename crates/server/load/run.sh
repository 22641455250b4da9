#!/usr/bin/env bash
# Load test of the service (not part of `cargo test`): `mafia serve --demo` in release mode
# on loopback, a fake forum whose 1,000-post thread page the poller downloads, parses and
# stores every second, and wrk (a second process) against the status page and the JSON API.
#
#   bash crates/server/load/run.sh            # from the workspace root; needs wrk, python3
#
# Everything runs on 127.0.0.1 and stops by itself.
set -euo pipefail
cd "$(dirname "$0")/../../.."
DURATION=${DURATION:-15s}
work=$(mktemp -d)
[ -n "${SKIP_BUILD:-}" ] || cargo build --release -q -p mafia
bin=${CARGO_TARGET_DIR:-target}/release/mafia
python3 crates/server/load/forum.py 18571 1000 & forum=$!
"$bin" serve --demo --db "$work/load.db" --listen 127.0.0.1:18570 --poll-interval 1 >"$work/serve.log" 2>&1 & server=$!
trap 'kill $server $forum 2>/dev/null; rm -rf "$work"' EXIT
sleep 1
# A second game that follows the fake forum's thread (written straight into the SQLite file).
python3 - "$work/load.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
config = open("demo/game.toml").read().replace('"Demo Mafia"', '"Polled"')
db.execute("INSERT INTO games (slug, config, thread_url, forum, running, created) "
           "VALUES ('polled', ?, 'http://127.0.0.1:18571/t', 'phpbb', 1, '2026-01-01T00:00:00Z')", (config,))
db.commit()
PY
sleep 3
echo "posts stored for the polled game: $(curl -s http://127.0.0.1:18570/api/games | python3 -c 'import json,sys; print([g["posts"] for g in json.load(sys.stdin) if g["slug"]=="polled"][0])')"
for path in /g/demo /api/games/demo; do
    echo "== $path"
    wrk -t"${THREADS:-2}" -c"${CONNECTIONS:-8}" -d"$DURATION" --latency "http://127.0.0.1:18570$path" | grep -E "Requests/sec|Latency|50%|90%|99%|requests in"
done
