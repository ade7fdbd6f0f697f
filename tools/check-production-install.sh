#!/usr/bin/env bash
# A production install as docs/operations.md describes it (issue 38): a copy of this checkout, `npm ci && npm run build
# && npm prune --omit=dev && npm start`. Passes when the pruned install answers healthy and serves the web app, and a
# SIGTERM to npm stops it with its PostgreSQL.
set -euo pipefail
source_dir="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d)
data=$(mktemp -d)
chmod 755 "$work" "$data" # the embedded PostgreSQL runs as `postgres` when we are root: it must reach both
trap 'rm -rf "$work" "$data"' EXIT

git clone -q "$source_dir" "$work/promptcron"
cd "$work/promptcron"
npm ci --no-audit --no-fund --loglevel=error >/dev/null
npm run build >/dev/null 2>&1
npm prune --omit=dev --no-audit --no-fund --loglevel=error >/dev/null
for tool in @vitejs/plugin-react @tailwindcss/vite; do
  if [[ -e node_modules/$tool ]]; then echo "the pruned install still has $tool" >&2; exit 1; fi
done

port=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
PORT=$port DATA_DIR=$data LOG_LEVEL=warn npm start --silent 2>"$work/start.log" &
npm_pid=$!
healthy=''
for _ in $(seq 1 150); do
  if curl -fsS "http://127.0.0.1:$port/api/health" 2>/dev/null | grep -q '"status":"ok"'; then healthy=yes; break; fi
  sleep 0.2
done
[[ -n $healthy ]] || { echo "the production install did not answer healthy on port $port:" >&2; cat "$work/start.log" >&2; exit 1; }
# The release it reports is the one package.json names (ADR 0098), also from the pruned build.
version=$(node -p 'require("./package.json").version')
health=$(curl -fsS "http://127.0.0.1:$port/api/health")
[[ $health == *"\"version\":\"$version\""* ]] || { echo "the install reports $health, not version $version" >&2; exit 1; }
curl -fsS "http://127.0.0.1:$port/login" | grep -q '<div id="root">' || { echo "no web app at /login" >&2; exit 1; }
# The command line runs on the pruned install, with no build tools (ADR 0126): a key the server refuses exits 3.
cli_status=0
PROMPTCRON_URL="http://127.0.0.1:$port" PROMPTCRON_KEY=pc_not-a-key node bin/promptcron.js tasks list >/dev/null 2>"$work/cli.log" || cli_status=$?
[[ $cli_status == 3 ]] || { echo "promptcron tasks list exited $cli_status on the pruned install, not 3:" >&2; cat "$work/cli.log" >&2; exit 1; }
kill -TERM "$npm_pid"
wait "$npm_pid" || true
if pgrep -f "postgres -D $data" >/dev/null; then echo "PostgreSQL still runs after SIGTERM" >&2; exit 1; fi
echo "production install: healthy on a pruned install, version $version, web app served, command line answered, stopped cleanly"
