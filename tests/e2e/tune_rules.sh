#!/usr/bin/env bash
# papbench-report tune end to end, on both libraries. Three launches with stated run times
# (papbench-tune-fixture: no timing of this machine decides anything) make one forced algorithm
# significantly faster than the library's default and another as fast; tune must choose the first,
# report its ratio and CI, and write the library's rules file. Then the real library, run with
# that file and nothing forced, must run the chosen algorithm: the messages it sends are the
# chosen algorithm's (forced_native_signature_mpi --expect, the causality check of item 1), which
# the same run without the file does not send; and it must say nothing on stderr.
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_REPORT:?}" "${TUNE_FIXTURE:?}" "${SEND_TRACE:?}"

if under_mpich; then
  library="MPICH Version:	4.0.2"
  # MPICH's own choice for a 1 KiB allreduce at 4 ranks is reduce_scatter_allgather
  # (coll_selection.json: count >= pof2); the fixture makes recursive_doubling the faster.
  chosen=recursive_doubling; same=reduce_scatter_allgather
else
  library="Open MPI v4.1.4"
  # Open MPI's own choice there is recursive_doubling (coll_tuned_decision_fixed.c).
  chosen=ring; same=basic_linear
fi
for seed in 1 2 3; do
  expect_exit 0 "$TUNE_FIXTURE" --library "$library" --collective allreduce --count 1024 \
    --dtype uint8 --case native=100us --case "native:force=$chosen=50us" \
    --case "native:force=$same=100us" --case ring=40us --seed "$seed" --out "l$seed.h5"
done

# Refusals: the other library's file, an existing output without --force, MPICH without a base.
touch taken.txt
expect_exit 2 "$PAPBENCH_REPORT" tune l1.h5,l2.h5,l3.h5 --ompi-rules taken.txt
expect_contains err.txt "--force"

if under_mpich; then
  expect_exit 2 "$PAPBENCH_REPORT" tune l1.h5,l2.h5,l3.h5 --ompi-rules rules.txt
  expect_contains err.txt "not Open MPI"
  expect_exit 2 "$PAPBENCH_REPORT" tune l1.h5,l2.h5,l3.h5 --mpich-json sel.json
  expect_contains err.txt "needs --mpich-base"
  "$SOURCE_DIR/tools/mpich-default-selection.sh" >base.json
  expect_exit 0 "$PAPBENCH_REPORT" tune l1.h5,l2.h5,l3.h5 --mpich-json sel.json \
    --mpich-base base.json
  expect_contains sel.json "\"algorithm=MPIR_Allreduce_intra_$chosen\""
  rules=(MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE="$WORK/sel.json"
         MPIR_CVAR_DEVICE_COLLECTIVES=none)
  without=(MPIR_CVAR_DEVICE_COLLECTIVES=none)
else
  expect_exit 2 "$PAPBENCH_REPORT" tune l1.h5,l2.h5,l3.h5 --mpich-json sel.json --mpich-base x
  expect_contains err.txt "not MPICH"
  expect_exit 0 "$PAPBENCH_REPORT" tune l1.h5,l2.h5,l3.h5 --ompi-rules rules.txt
  rules=(OMPI_MCA_coll_tuned_use_dynamic_rules=1
         OMPI_MCA_coll_tuned_dynamic_rules_filename="$WORK/rules.txt")
  without=(OMPI_MCA_coll_tuned_use_dynamic_rules=1)
fi
cp out.txt tune.txt
# The report: every candidate with its ratio and CI; the choice is the forced one, and papbench's
# own (faster still) is named as what no library can be set to.
expect_contains tune.txt "native(force=$chosen)"
expect_contains tune.txt "library choice"
expect_contains tune.txt "papbench's ring is best"
grep -E "native\(force=$chosen\).* 0\.5[0-9] +\[0\.[0-9]+, 0\.[0-9]+\]" tune.txt >/dev/null ||
  { cat tune.txt >&2; fail "tune lists no ratio near 0.5 with its CI for force=$chosen"; }
if grep -E "native\(force=$same\).*library choice" tune.txt; then fail "chose $same"; fi

# The library reads the file and runs the chosen algorithm; stderr stays empty.
expect_exit 0 env "${rules[@]}" $MPIEXEC -n 4 "$SEND_TRACE" --expect "allreduce:$chosen"
[[ ! -s err.txt ]] || { cat err.txt >&2; fail "the library wrote to stderr with the rules file"; }
expect_contains out.txt "PASS"
# Without the file the same check fails: it tells the chosen algorithm from the default.
expect_exit 1 env "${without[@]}" $MPIEXEC -n 4 "$SEND_TRACE" --expect "allreduce:$chosen"
echo "tune_rules: ok"
