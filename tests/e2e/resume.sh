#!/usr/bin/env bash
# --resume: a run killed after some cases is finished by resumes into the same file (the first
# killed too); the cases it already held stay byte-identical, every case ends up there exactly once, and a resume with
# other options is refused without touching the file. Two algorithms, so the run's default
# --order interleaved runs them as groups of two (a kill lands in or between groups); the
# finished file then matches runs of the same configuration in --order sequential and shuffled
# case for case: the same cases, the same planned delays per iteration, every result correct.
source "$(dirname "$0")/lib.sh"
marker="resume-test-$$"
file=$marker.h5
args=(--collective reduce --alg native,binomial --count 1:64:x2 --maxdelay 10ms --iters 10)
$MPIEXEC -n 2 "$PAPBENCH" "${args[@]}" --progress never --out "$file" >run.txt 2>&1 &
launcher=$!
for _ in $(seq 1 300); do
  if "$CHECK_RESULT" "$file" --min-cases 3 >/dev/null 2>&1; then break; fi
  sleep 0.1
done
pkill -9 -f -- "--out $file" || true
kill -9 "$launcher" 2>/dev/null || true
wait "$launcher" 2>/dev/null || true
"$CHECK_RESULT" "$file" --min-cases 3 >/dev/null || { cat run.txt >&2; fail "the run never finished 3 cases"; }
"$CHECK_RESULT" "$file" --cases 14 >/dev/null 2>&1 && fail "the run finished before the kill"

# The cases present before the resume, dumped group by group (h5dump shows every attribute and
# value of a case, so any rewrite of them shows).
dump_cases() {  # FILE NAMES... -> one dump per case
  local f=$1; shift
  for c in "$@"; do h5dump -g "/cases/$c" "$f"; done
}
mapfile -t before < <(h5ls "$file/cases" | awk '{print $1}')
((${#before[@]} >= 3)) || fail "expected at least 3 cases before the resume, found ${#before[@]}"
dump_cases "$file" "${before[@]}" >before.txt

# Another count is another run: refused, naming the option and both values; the file unchanged.
sum=$(cksum <"$file")
expect_exit 2 $MPIEXEC -n 2 "$PAPBENCH" "${args[@]/64/128}" --resume "$file"
expect_contains err.txt "--count: '$file' has '1:64:x2', this run '1:128:x2'"
expect_exit 2 $MPIEXEC -n 2 "$PAPBENCH" "${args[@]}" --order sequential --resume "$file"
expect_contains err.txt "--order: '$file' has (not given), this run 'sequential'"
[[ $(cksum <"$file") == "$sum" ]] || fail "a refused resume changed the file"
expect_exit 2 $MPIEXEC -n 2 "$PAPBENCH" "${args[@]}" --resume "$file" --out other.h5
expect_contains err.txt "--resume: writes into '$file', but --out names 'other.h5'"
[[ ! -e other.h5 ]] || fail "a refused resume created --out"
echo "not hdf5" >foreign.h5
expect_exit 2 $MPIEXEC -n 2 "$PAPBENCH" "${args[@]}" --resume foreign.h5
expect_contains err.txt "--resume: "
[[ $(cat foreign.h5) == "not hdf5" ]] || fail "a refused resume changed a foreign file"

# A resume killed in its turn keeps what it appended (the writer is the normal one), and the
# next resume goes on from there.
kill_mid_run "$file" $((${#before[@]} + 2)) 14 \
  $MPIEXEC -n 2 "$PAPBENCH" "${args[@]}" --progress never --resume "$file"
mapfile -t middle < <(h5ls "$file/cases" | awk '{print $1}')
((${#middle[@]} >= ${#before[@]} + 2)) || { cat run.txt >&2; fail "the first resume appended no 2 cases"; }
((${#middle[@]} < 14)) || fail "the first resume finished before the kill"

expect_exit 0 $MPIEXEC -n 2 "$PAPBENCH" "${args[@]}" --progress always --resume "$file"
expect_contains out.txt "resuming: ${#middle[@]} of 14 case(s) already complete in the file"
"$CHECK_RESULT" "$file" --cases 14 --validated pass --run-order interleaved
dump_cases "$file" "${before[@]}" >after.txt
cmp -s before.txt after.txt || { diff before.txt after.txt | head -20 >&2; fail "the resume changed a case it had"; }

# Every count of the matrix exactly once per algorithm.
expect_exit 0 "$PAPBENCH_REPORT" summary "$file"
expect_contains out.txt "2 time(s): "
for c in $(h5ls "$file/cases" | awk '{print $1}'); do
  h5dump -a "/cases/$c/count" "$file" | awk '/\(0\)/ {print $2}'
done | sort -n >counts.txt
printf '%s\n' 1 1 2 2 4 4 8 8 16 16 32 32 64 64 >want.txt
cmp -s counts.txt want.txt || { paste counts.txt want.txt >&2; fail "the cases are not each count exactly once"; }

# Resuming a complete file does nothing.
sum=$(cksum <"$file")
expect_exit 0 $MPIEXEC -n 2 "$PAPBENCH" "${args[@]}" --progress always --resume "$file"
expect_contains out.txt "already holds all 14 case(s) of this run; nothing to do"
[[ $(cksum <"$file") == "$sum" ]] || fail "resuming a complete file changed it"

# The other orders of the same configuration: the same cases with the same planned delays as the
# interleaved (and resumed) file, every result correct, each order recorded.
for order in sequential shuffled; do
  expect_exit 0 $MPIEXEC -n 2 "$PAPBENCH" "${args[@]}" --order $order --progress never \
    --out "$order-$file"
  "$CHECK_RESULT" "$order-$file" --cases 14 --validated pass --run-order $order --same-plan "$file"
done
echo "resume: ok"
