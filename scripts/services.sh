#!/usr/bin/env bash
# Installs (once, cached under .cache/) and starts the real servers on 127.0.0.1 without Docker:
# PostgreSQL 15 (Debian), Chroma 1.5.9 (PyPI, in a virtualenv) and Neo4j 5.26 Community (Maven Central).
#   bash scripts/services.sh up     # install if needed, start, wait until each answers
#   bash scripts/services.sh down   # stop what `up` started
#   bash scripts/services.sh env    # print the variables that point the app at them
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
CACHE=$ROOT/.cache
RUN=${SERVICES_RUN_DIR:-$CACHE/run}
mkdir -p "$CACHE" "$RUN"

PG_USER=nyaya PG_PASSWORD=nyaya PG_DB=nyaya
CHROMA_PORT=${CHROMA_PORT:-8000}
NEO4J_PORT=${NEO4J_PORT:-7687}

log() { printf '[services] %s\n' "$*" >&2; }

wait_for() { # name, seconds, command...
  local name=$1 secs=$2; shift 2
  for _ in $(seq 1 "$secs"); do
    if "$@" >/dev/null 2>&1; then log "$name is up"; return 0; fi
    sleep 1
  done
  log "$name did not answer within ${secs}s"; return 1
}

postgres_up() {
  if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! pg_lsclusters 2>/dev/null | grep -q '^15 '; then
    log "installing PostgreSQL from Debian"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq postgresql postgresql-contrib >/dev/null
  fi
  local cluster
  cluster=$(pg_lsclusters -h | awk 'NR==1{print $1" "$2}')
  # shellcheck disable=SC2086
  pg_ctlcluster $cluster start 2>/dev/null || true
  wait_for postgres 30 su postgres -c "psql -qtAc 'SELECT 1'"
  su postgres -c "psql -qtAc \"DO \\\$\\\$BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname='$PG_USER') THEN CREATE ROLE $PG_USER LOGIN SUPERUSER PASSWORD '$PG_PASSWORD'; END IF; END\\\$\\\$\"" >/dev/null
  su postgres -c "psql -qtAc \"SELECT 1 FROM pg_database WHERE datname='$PG_DB'\"" | grep -q 1 || su postgres -c "createdb -O $PG_USER $PG_DB"
  PGPASSWORD=$PG_PASSWORD psql -h 127.0.0.1 -U $PG_USER -d $PG_DB -qtAc 'CREATE EXTENSION IF NOT EXISTS pg_trgm' >/dev/null
  wait_for "postgres (tcp)" 30 env PGPASSWORD=$PG_PASSWORD psql -h 127.0.0.1 -U $PG_USER -d $PG_DB -qtAc 'SELECT 1'
}

chroma_up() {
  if [ ! -x "$CACHE/chroma-venv/bin/chroma" ]; then
    log "installing chromadb==1.5.9 into $CACHE/chroma-venv"
    python3 -m venv "$CACHE/chroma-venv"
    "$CACHE/chroma-venv/bin/pip" install -q chromadb==1.5.9
  fi
  if ! curl -sf "http://127.0.0.1:$CHROMA_PORT/api/v2/heartbeat" >/dev/null; then
    nohup "$CACHE/chroma-venv/bin/chroma" run --path "$RUN/chroma-data" --host 127.0.0.1 --port "$CHROMA_PORT" \
      >"$RUN/chroma.log" 2>&1 &
    echo $! >"$RUN/chroma.pid"
  fi
  wait_for chroma 90 curl -sf "http://127.0.0.1:$CHROMA_PORT/api/v2/heartbeat"
}

neo4j_up() {
  local lib=$CACHE/neo4j-lib classes=$CACHE/neo4j-classes
  if [ ! -f "$lib/.complete" ]; then
    log "fetching Neo4j 5.26 Community from Maven Central"
    (cd tools/neo4j-server && mvn -q -B dependency:copy-dependencies -DoutputDirectory="$lib")
    touch "$lib/.complete"
  fi
  if [ ! -f "$classes/NeoServer.class" ] || [ tools/neo4j-server/src/NeoServer.java -nt "$classes/NeoServer.class" ]; then
    mkdir -p "$classes"
    javac -cp "$lib/*" -d "$classes" tools/neo4j-server/src/NeoServer.java
  fi
  if (exec 3<>/dev/tcp/127.0.0.1/$NEO4J_PORT) 2>/dev/null; then
    log "neo4j already answers on $NEO4J_PORT"; return 0
  fi
  if true; then
    # Data persists across restarts (failure tests stop and start the server); tests use their own namespaces.
    nohup java -Xms256m -Xmx1g -cp "$lib/*:$classes" NeoServer "$RUN/neo4j-home" "$NEO4J_PORT" >"$RUN/neo4j.log" 2>&1 &
    echo $! >"$RUN/neo4j.pid"
  fi
  wait_for neo4j 120 grep -q 'NEO4J READY' "$RUN/neo4j.log"
  wait_for "neo4j (bolt)" 30 bash -c "exec 3<>/dev/tcp/127.0.0.1/$NEO4J_PORT"
}

stop_pid() {
  local f=$RUN/$1.pid
  if [ -f "$f" ]; then
    kill "$(cat "$f")" 2>/dev/null || true
    for _ in $(seq 1 20); do kill -0 "$(cat "$f")" 2>/dev/null || break; sleep 0.5; done
    kill -9 "$(cat "$f")" 2>/dev/null || true
    rm -f "$f"
  fi
}

case "${1:-up}" in
  up)
    postgres_up
    chroma_up
    neo4j_up
    ;;
  down)
    stop_pid chroma
    stop_pid neo4j
    cluster=$(pg_lsclusters -h 2>/dev/null | awk 'NR==1{print $1" "$2}')
    # shellcheck disable=SC2086
    [ -n "$cluster" ] && pg_ctlcluster $cluster stop 2>/dev/null || true
    ;;
  stop-one) # stop-one chroma|neo4j: used by failure tests that restart a server
    stop_pid "$2"
    ;;
  start-one)
    "${2}_up"
    ;;
  env)
    cat <<ENV
export STORE=services
export DATABASE_URL=postgres://$PG_USER:$PG_PASSWORD@127.0.0.1:5432/$PG_DB
export CHROMA_URL=http://127.0.0.1:$CHROMA_PORT
export NEO4J_URI=bolt://127.0.0.1:$NEO4J_PORT
ENV
    ;;
  *) echo "usage: $0 up|down|env" >&2; exit 2 ;;
esac
