#!/usr/bin/env bash
# `npm test`: every phase CI runs, in order, stopping at the first failure. The three static checks
# run side by side (each is mostly one core). At the end, each phase's time, also appended to
# $PHASE_TIMES_FILE when set (.ci/run prints it with its own phases).
set -uo pipefail
cd "$(dirname "$0")/.."

times=()
record() { times+=("$(printf '%-28s %5ss  %s' "$1" "$2" "$3")"); [ -z "${PHASE_TIMES_FILE:-}" ] || printf '%-28s %5ss  %s\n' "$1" "$2" "$3" >>"$PHASE_TIMES_FILE"; }
summary() {
  echo; echo "npm test phases:"; printf '  %s\n' "${times[@]}"
}

static_checks() {
  local start=$SECONDS dir status=0 pids=() names=(typecheck lint check:deps)
  dir=$(mktemp -d)
  for n in "${names[@]}"; do npm run --silent "$n" >"$dir/$n.log" 2>&1 & pids+=($!); done
  for i in "${!names[@]}"; do
    if wait "${pids[$i]}"; then echo "ok: ${names[$i]}"; else status=1; echo "FAILED: ${names[$i]}"; cat "$dir/${names[$i]}.log"; fi
  done
  rm -rf "$dir"
  record "typecheck + lint + check:deps" $((SECONDS - start)) "$([ $status = 0 ] && echo ok || echo FAILED)"
  return $status
}

phase() {
  local start=$SECONDS status=0
  echo; echo "== npm run $1"
  npm run --silent "$1" || status=$?
  record "$1" $((SECONDS - start)) "$([ $status = 0 ] && echo ok || echo FAILED)"
  return $status
}

run_all() {
  static_checks || return 1
  for p in test:unit test:walkthrough build test:integration; do phase "$p" || return 1; done
}

run_all; status=$?
summary
exit $status
