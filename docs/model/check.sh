#!/usr/bin/env bash
# Verifies docs/model/order_life.pml with spin and checks that every mutant is rejected.
# Needs spin and gcc on the PATH (it installs nothing). Works from any directory; writes only
# into a temporary directory, removed at the end. Exit status 0 only if the model passes every
# run and every mutant fails the run that names its invariant.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
command -v spin >/dev/null || { echo "spin not found (Debian: apt-get install spin)" >&2; exit 2; }
command -v gcc >/dev/null || { echo "gcc not found" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$here"/*.pml "$work"/

DEPTH=200000

# run <label> <file> <safety|ltl:NAME> <expect: pass|regex the failure must match> <gcc -O level> [spin -D flags...]
# in a directory of its own (pan's files), printing one line; the status says whether it went as expected
run() {
  local label="$1" file="$2" mode="$3" expect="$4" opt="$5"; shift 5
  mkdir "$work/$label" && cd "$work/$label" && cp "$work"/*.pml .
  spin "$@" -a "$file" >spin.out 2>&1 || { echo "FAIL $label: spin -a"; cat spin.out; return 1; }
  local out c0 c1 c2
  c0=$(date +%s.%N)
  if [[ "$mode" == safety ]]; then
    # assertions and invalid end states only: no claim compiled in
    gcc "$opt" -DSAFETY -DNOCLAIM -DCOLLAPSE -o pan pan.c
    c1=$(date +%s.%N)
    out=$(./pan -m"$DEPTH" 2>&1 || true)
  else
    # acceptance cycles of one LTL claim, and the assertions on the way; the bounded model's only cycles
    # are the final stutter, so every run is fair and no fairness flag is needed (a result without -f
    # holds under weak fairness too)
    gcc "$opt" -DCOLLAPSE -o pan pan.c
    c1=$(date +%s.%N)
    out=$(./pan -a -N "${mode#ltl:}" -m"$DEPTH" 2>&1 || true)
  fi
  c2=$(date +%s.%N)
  local errors states
  errors=$(sed -n 's/.*errors: \([0-9]*\).*/\1/p' <<<"$out" | tail -1)
  states=$(sed -n 's/^ *\([0-9.e+]*\) states, stored.*/\1/p' <<<"$out" | tail -1)
  printf '%-24s %-9s errors=%-2s states=%-9s compile=%4.1fs search=%5.2fs  ' "$label" "$mode" "${errors:-?}" \
    "${states:-?}" "$(awk -v a="$c0" -v b="$c1" 'BEGIN{print b-a}')" "$(awk -v a="$c1" -v b="$c2" 'BEGIN{print b-a}')"
  if grep -q 'max search depth too small' <<<"$out"; then
    echo "FAIL (search truncated: raise DEPTH)"; return 1
  fi
  if [[ "$expect" == pass ]]; then
    if [[ "$errors" == 0 ]]; then echo ok; else echo "FAIL (expected no errors)"; echo "$out"; return 1; fi
  else
    if [[ -n "$errors" && "$errors" -ge 1 ]] && grep -Eq "$expect" <<<"$out"; then
      echo "rejected as expected"
    else
      echo "FAIL (expected a counter-example matching: $expect)"; echo "$out" | head -20; return 1
    fi
  fi
}

# The runs go on as many cores as there are (each run is one process), longest first; their lines are
# printed in this order once all have ended.
slots=$(nproc)
labels=()
start() {
  while (( $(jobs -rp | wc -l) >= slots )); do wait -n || true; done
  labels+=("$1")
  ( run "$@" >"$work/$1.log" 2>&1; echo $? >"$work/$1.rc" ) &
}

# the model with -O2; the mutants with -O0: each search stops at its first counter-example, so the
# compile is most of their time and -O0 compiles pan.c in a fifth of -O2's
start "model p2+p4+p6"       order_life.pml ltl:p246 pass -O2
start "eager p2+p4+p6"       order_life.pml ltl:p246 pass -O2 -DEAGER
start "model"                order_life.pml safety   pass -O2
start "outbox only p2"       order_life.pml ltl:p2   pass -O2 -DNORECONCILE
start "retention p2+4+6+8"   order_life.pml ltl:p2468 pass -O2 -DRETENTION
start "retention"            order_life.pml safety   pass -O2 -DRETENTION
start "checkback_order_row"  mutant_checkback_order_row.pml safety 'assertion violated \(barrier\[0\]==2\)' -O0
start "relay_sent_first"     mutant_relay_sent_first.pml    ltl:p2 'acceptance cycle' -O0
start "no_dedup"             mutant_no_dedup.pml            safety 'assertion violated \(deducted<=1\)' -O0
start "release_unchecked"    mutant_release_unchecked.pml   safety 'assertion violated \(released<=deducted\)' -O0
start "no_fence"             mutant_no_fence.pml            ltl:p4 'acceptance cycle' -O0
start "claim_no_guard"       mutant_claim_no_guard.pml      safety 'assertion violated \(live\[e\]==0\)' -O0
start "one_group_consumed"   mutant_one_group_consumed.pml  ltl:p6 'acceptance cycle' -O0
start "settle_unguarded"     mutant_settle_unguarded.pml    safety 'assertion violated \(\(live\[e\]==0\)\|\|\(live\[e\]==me\)\)' -O0
start "order_read_first"     mutant_order_read_first.pml    safety 'assertion violated +!\(\(\(\(e==0\)&&\(o==1\)\)&&\(si==4\)\)\)' -O0
start "page_order_status"    mutant_page_order_status.pml   safety 'assertion violated +!\(\(\(\(e==0\)&&\(o==1\)\)&&\(si==4\)\)\)' -O0
start "no_refusal"           mutant_no_refusal.pml          safety 'assertion violated \(deducted<=1\)' -O0
start "refusal_not_reopened" mutant_refusal_not_reopened.pml ltl:p8 'acceptance cycle' -O0
start "refusal_acked_unreported" mutant_refusal_acked_unreported.pml ltl:p8 'acceptance cycle' -O0
wait

failed=0
for label in "${labels[@]}"; do
  cat "$work/$label.log"
  [[ "$(cat "$work/$label.rc")" == 0 ]] || failed=1
done
if [[ "$failed" != 0 ]]; then echo "check.sh: FAILED"; exit 1; fi
echo "check.sh: all runs as expected"
