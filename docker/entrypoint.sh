#!/bin/sh
# Starts one Payrail process: `entrypoint.sh APP [ARGS...]`, or APP taken from $APP when
# no argument is given. exec hands PID 1 to node so SIGTERM reaches the app directly.
set -eu
cd "$(dirname "$0")/.."

if [ "$#" -gt 0 ]; then
  app="$1"
  shift
else
  app="${APP:-}"
fi

case "$app" in
  payments-api | auth-api | webhook-worker | chain-worker)
    main="dist/apps/$app/src/main.js" ;;
  migrate)
    main="dist/libs/persistence/src/cli/migrate.js" ;;
  *)
    echo "usage: entrypoint.sh payments-api|auth-api|webhook-worker|chain-worker|migrate [args...]" >&2
    echo "unknown app: '${app}'" >&2
    exit 64 ;;
esac

exec node "$main" "$@"
