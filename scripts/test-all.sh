#!/usr/bin/env bash
# `npm test`: every phase CI runs, in order, stopping at the first failure. The four static checks
# run side by side (each is mostly one core), the build beside the unit tests, the walk-through
# beside the integration tests. At the end, each phase's time, also appended to
# $PHASE_TIMES_FILE when set (.ci/run prints it with its own phases).
set -uo pipefail
cd "$(dirname "$0")/.."

times=()
record() { times+=("$(printf '%-28s %5ss  %s' "$1" "$2" "$3")"); [ -z "${PHASE_TIMES_FILE:-}" ] || printf '%-28s %5ss  %s\n' "$1" "$2" "$3" >>"$PHASE_TIMES_FILE"; }
summary() {
  echo; echo "npm test phases:"; printf '  %s\n' "${times[@]}"
}

static_checks() {
  local start=$SECONDS dir status=0 pids=() names=(typecheck lint format:check check:deps lint:openapi)
  dir=$(mktemp -d)
  for n in "${names[@]}"; do npm run --silent "$n" >"$dir/$n.log" 2>&1 & pids+=($!); done
  for i in "${!names[@]}"; do
    if wait "${pids[$i]}"; then echo "ok: ${names[$i]}"; else status=1; echo "FAILED: ${names[$i]}"; cat "$dir/${names[$i]}.log"; fi
  done
  rm -rf "$dir"
  record "static checks (5)" $((SECONDS - start)) "$([ $status = 0 ] && echo ok || echo FAILED)"
  return $status
}

phase() {
  local start=$SECONDS status=0
  echo; echo "== npm run $1"
  npm run --silent "$1" || status=$?
  record "$1" $((SECONDS - start)) "$([ $status = 0 ] && echo ok || echo FAILED)"
  return $status
}

# `beside <script> <phase>`: npm script <script> runs in the background while <phase> runs; its output
# is shown after the phase's (in full only when it fails), and both must pass.
beside() {
  local script=$1 main=$2 start=$SECONDS log pid status=0 main_status=0 took
  log=$(mktemp)
  ( b=$SECONDS; npm run --silent "$script" >"$log" 2>&1; s=$?; echo "$((SECONDS - b)) $s" >"$log.done"; exit $s ) &
  pid=$!
  phase "$main" || main_status=$?
  wait "$pid" || status=$?
  echo; echo "== npm run $script (beside $main)"
  if [ $status = 0 ]; then tail -n 8 "$log"; else cat "$log"; fi
  read -r took _ <"$log.done" || took=$((SECONDS - start))
  record "$script (beside)" "$took" "$([ $status = 0 ] && echo ok || echo FAILED)"
  rm -f "$log" "$log.done"
  [ $main_status = 0 ] && [ $status = 0 ]
}

# The build runs beside the unit tests: those spend much of their time waiting on databases and
# child processes, and nothing of theirs reads .next. The README's
# walk-through (a dev server, twice through the README's commands) runs beside the integration tests:
# both spend much of their time waiting (for mail, jobs, retries, an outage to end), and the
# walk-through's fixed ports (3000, 9400) are not among the free ports the stacks take.
run_all() {
  static_checks || return 1
  export SEALPOST_TYPECHECKED=1
  beside build test:unit || return 1
  beside test:walkthrough test:integration
}

run_all; status=$?
summary
exit $status
