#!/usr/bin/env bash
# jobs/tune-app.sh end to end on a tiny application of ours (capture_synthetic_app: allreduces
# behind a rank-dependent sleep, a barrier, a bcast on a split communicator), kept cheap: one site,
# 2 replay launches of 3 iterations, 2 application launches a side. The application is wrapped so
# that its output holds a timing line that differs in every launch (--drop-lines must remove it,
# or every launch would differ) and, only where the rules file reaches the application's ranks, a
# line naming it: the output check must name exactly the launches with the rules (after-1,
# after-2) and exit 1, after writing the rules file, the tune report and the before/after table.
# Two --keep-lines keep the lines matching either (the rules line must survive them).
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_REPORT:?}" "${SYNTHETIC_APP:?}"
read -r launcher flags <<<"$MPIEXEC"
export PAPBENCH_MPIEXEC=$launcher PAPBENCH_MPIEXEC_FLAGS=$flags
tune_app=$SOURCE_DIR/jobs/tune-app.sh

cat >app.sh <<EOF
#!/usr/bin/env bash
echo "time \$RANDOM\$RANDOM"
rules=\${OMPI_MCA_coll_tuned_dynamic_rules_filename:-\${MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE:-}}
[[ -z \$rules ]] || echo "rules \$(basename "\$rules")"
exec "$SYNTHETIC_APP" 6
EOF
chmod +x app.sh

# Refusals before anything runs: exit 2, naming the option.
expect_exit 2 "$tune_app" --out x --metric fastest -- ./app.sh
expect_contains err.txt "--metric: 'fastest' is not accepted; accepted: elapsed"
expect_exit 2 "$tune_app" --out x --launches 1 -- ./app.sh
expect_contains err.txt "--launches: '1' is not accepted"
mkdir taken
expect_exit 2 "$tune_app" --out taken -- ./app.sh
expect_contains err.txt "'taken' exists"
expect_exit 2 "$tune_app" --out x
expect_contains err.txt "no application"
[[ ! -e x ]] || fail "a refused run created its --out folder"

# Under MPICH, whose waiting ranks spin, 2 ranks on the 2 cores (4 under Open MPI).
np=4
under_mpich && np=2
expect_exit 1 "$tune_app" --out run --np "$np" --sites 1 --launches 2 --replay-launches 2 \
  --replay-iters 3 --replay-args "--arrival-tolerance off" --keep-lines '^(time|synthetic) ' \
  --keep-lines '^rules ' --drop-lines '^time ' -- ./app.sh
cp out.txt run.txt
cp err.txt run-err.txt
# The site that lost most is the allreduce behind the sleeps (np - 1 ms of spread a call).
expect_contains run/log.txt "(allreduce on world, $np ranks, 6 calls"
# Every forceable library algorithm and papbench's own were replayed, and tune judged them (a
# name each library has: MPICH 4.0.2's allreduce has no ring). MPICH cannot run its
# reduce_scatter_allgather on the site's one element at 2 ranks (fewer elements than ranks'
# power of two): tune-app leaves it out, saying so, instead of failing the replay.
if under_mpich; then
  forced=nb
  expect_contains run/log.txt \
    "native:force=reduce_scatter_allgather left out: MPICH cannot run it on the site's arguments"
else
  forced=ring
fi
expect_contains run/tune.txt "force=recursive_doubling)"
expect_contains run/tune.txt "rabenseifner"
grep -E "force=$forced\) .* launch " run/tune.txt >/dev/null ||
  { cat run/tune.txt >&2; fail "tune gave force=$forced no launch-level verdict"; }
if under_mpich; then
  rules=run/selection.json
  # MPICH's own selection, read out of the installed library, with the choices spliced in.
  expect_contains run/log.txt "MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE=$WORK/run/selection.json"
  python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$rules" ||
    fail "$rules is not JSON"
else
  rules=run/rules.txt
fi
[[ -s $rules ]] || fail "no rules file $rules"
# The library read the file without a word: the after launches' stderr holds no line but the
# capture's own (that it wrote its file).
for k in 1 2; do
  if grep -v '^papbench-capture: ' "run/after-$k/stderr.txt"; then
    fail "after-$k (with $rules) wrote the lines above to stderr"
  fi
done
# Before/after per site with the launch-level verdict, and the wall time.
expect_contains run/before-after.txt "main+0x"
expect_contains run/before-after.txt "(application)"
grep -E '^ *\(application\) .* launch ' run/before-after.txt >/dev/null ||
  { cat run/before-after.txt >&2; fail "no launch-level verdict on the wall time"; }
# The replayed capture's arrival spread beside the before launches' (the same application and
# load here: no warning expected, but the line must be there).
grep -E "site main\+0x[0-9a-f]+: median arrival spread [0-9.e+-]+ ms in the replayed capture" \
  run/log.txt >/dev/null || { cat run/log.txt >&2; fail "no arrival spread check"; }
[[ $(wc -l <run/wall.txt) == 5 ]] || fail "expected 5 timed launches (select, 2 before, 2 after)"
# The output check: the timing line dropped, the rules line caught in the after launches only.
expect_contains run/log.txt "after-1: the application's output differs from select's"
expect_contains run/log.txt "after-2: the application's output differs from select's"
if grep -q "before-.: the application's output differs" run/log.txt; then
  fail "a launch without the rules differs: --drop-lines did not remove the timing line"
fi
expect_contains run/after-1/compared.diff "> rules $(basename "$rules")"
expect_contains run/before-2/compared/stdout.txt "synthetic app: 6 allreduces, checksum"
echo "tune_app: ok"
