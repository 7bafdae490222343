#!/usr/bin/env bash
# Schemathesis against the real app (issue 18 item 4): gunicorn on a fresh SQLite with the law corpus and the demo
# club loaded, the OpenAPI schema at /api/schema/ fuzzed with every check, once anonymously and once with a demo
# director's token. Fails on any 5xx or any answer the schema does not describe.
#
#   bash tests/ci/schemathesis.sh     # port SCHEMATHESIS_PORT (8841), SCHEMATHESIS_MAX_EXAMPLES (10) per operation
#
# Checks that are wrong for one operation for a real reason are switched off for that operation only, with the
# reason, in tests/ci/schemathesis.toml.
set -euo pipefail
cd "$(dirname "$0")/../.."

PORT=${SCHEMATHESIS_PORT:-8841}
MAX_EXAMPLES=${SCHEMATHESIS_MAX_EXAMPLES:-10}
SEED=${SCHEMATHESIS_SEED:-1}
PY=.venv/bin/python

WORK=$(mktemp -d /tmp/caipan-schemathesis.XXXXXX)
SERVER_PID=
cleanup() {
  if [[ -n "$SERVER_PID" ]]; then
    kill -INT "$SERVER_PID" 2>/dev/null || true  # gunicorn: INT is the quick shutdown
    for _ in $(seq 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# A fresh SQLite in a temporary folder: never the developer's var/, never CI's PostgreSQL.
unset DATABASE_URL
export APP_VAR_DIR="$WORK" SEARCH_INDEX_DIR="$WORK/index"
# The server runs production settings (a real-looking secret, the hosts, no https redirect on plain loopback HTTP);
# the demo club, which production refuses to load, is set up first with the development settings.
export DJANGO_SECRET_KEY="schemathesis-test-only-$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost" DJANGO_SECURE_SSL_REDIRECT=0

DJANGO_SETTINGS_MODULE=config.settings.dev $PY manage.py migrate --noinput -v0
DJANGO_SETTINGS_MODULE=config.settings.dev $PY manage.py load_corpus --quiet
DJANGO_SETTINGS_MODULE=config.settings.dev $PY manage.py load_demo >/dev/null
export DJANGO_SETTINGS_MODULE=config.settings.prod
TOKEN=$($PY manage.py shell -c '
from django.contrib.auth import get_user_model
from accounts.tokens import token_issue
print(token_issue(get_user_model().objects.get(username="demo-director"))[0])' | tail -n 1)
$PY manage.py build_search_index --if-needed --quiet

.venv/bin/gunicorn config.wsgi -b "127.0.0.1:$PORT" -w 2 --timeout 60 \
  --error-logfile "$WORK/gunicorn.log" 2>>"$WORK/gunicorn.log" --access-logfile "$WORK/access.log" --access-logformat '%(s)s %(m)s %(U)s?%(q)s' &
SERVER_PID=$!
for _ in $(seq 100); do
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/api/schema/" 2>/dev/null && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/gunicorn.log"; exit 1; }
  sleep 0.2
done

# Each worker reads the trees and opens the index on its first request: do that before the clock starts.
for _ in 1 2 3 4; do
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/api/rulings/trees/"
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/api/search/?q=revoke"
done

# One schemathesis worker: with two, CPython 3.11's ast module (which hypothesis uses from both threads) fails
# now and then with "SystemError: AST constructor recursion depth mismatch" (a CPython bug, not the API's).
run() {
  local label=$1; shift
  echo "schemathesis: $label (max $MAX_EXAMPLES examples per operation, seed $SEED)"
  local start=$SECONDS result=0
  .venv/bin/schemathesis --config-file tests/ci/schemathesis.toml run "http://127.0.0.1:$PORT/api/schema/" \
    --max-examples "$MAX_EXAMPLES" --seed "$SEED" --workers 1 --request-timeout 60 "$@" || result=$?
  echo "schemathesis: $label took $((SECONDS - start)) s (exit $result)"
  return "$result"
}
status=0
run anonymous || status=1
run "director token" -H "Authorization: Token $TOKEN" || status=1

fives=$(awk '$1 ~ /^5/' "$WORK/access.log" | wc -l)
echo "schemathesis: server answers: $(awk '{print $1}' "$WORK/access.log" | sort | uniq -c | tr '\n' ' ')"
if ((fives)); then
  echo "schemathesis: $fives answers were 5xx:"; awk '$1 ~ /^5/' "$WORK/access.log" | head -20
  status=1
fi
exit $status
