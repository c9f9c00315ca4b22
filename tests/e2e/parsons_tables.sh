#!/usr/bin/env bash
# papbench-report's [Parsons2015] tables from real runs as a user makes them: a trace of six
# xtime levels recorded on 4 ranks (2 virtual nodes of 2), then the chapter-3 experiment files run
# with the algorithms main has (their baselines and the library), replaying that trace through the
# files' replay:parsons2015-trace-{P}.h5#K, and a chapter-2 allgather. Checked: each view prints a
# measured row, names the levels from the trace, lists the thesis' algorithms the files lack, the
# four formats, and the error for files without the table's collective.
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_REPORT:?}" "${JSON_QUERY:?}" "${SOURCE_DIR:?}"
exp=$SOURCE_DIR/jobs/experiments
expect_exit 0 mpirun_n 4 "$PAPBENCH" imbalance --xtime 0,1k,2k,3k,4k,5k --iters 3 --warmup 0 \
  --virtual-ppn 2 --progress never --out parsons2015-trace-4.h5
# --sync barrier: no agreed start to miss; --arrival-tolerance off: with 3 iterations a cell
# needs every one, and a loaded (oversubscribed) host misses replayed arrivals by more than the
# default tolerance. This test checks the tables' shape, not the arrivals.
small="--virtual-ppn 2 --sync barrier --arrival-tolerance off --iters 3 --warmup 0 --progress never"
# shellcheck disable=SC2086
expect_exit 0 mpirun_n 4 "$PAPBENCH" --experiment "$exp/parsons2015-reduce-imbalance.exp" --quick \
  --alg mpich-binomial,native --count 32 $small --out r.h5
# Two of the six levels for the others.
two="--pattern replay:parsons2015-trace-4.h5#0,replay:parsons2015-trace-4.h5#5"
# shellcheck disable=SC2086
expect_exit 0 mpirun_n 4 "$PAPBENCH" --experiment "$exp/parsons2015-bcast-imbalance.exp" --quick \
  --alg mpich-binomial,native --count 32,512 $two $small --out b.h5
# shellcheck disable=SC2086
expect_exit 0 mpirun_n 4 "$PAPBENCH" --experiment "$exp/parsons2015-alltoall-imbalance.exp" \
  --quick --alg mpich-isend,native --count 1,4 $two $small --out a.h5
# shellcheck disable=SC2086
expect_exit 0 mpirun_n 4 "$PAPBENCH" --experiment "$exp/parsons2015-table2.1-allgather.exp" \
  --quick --alg mpich-bruck,native --count 1,8 $small --out g.h5

# Table 3.6: the library over mpich-binomial at 1 size x 6 replayed levels; the thesis' own
# algorithms are not on main yet and say so.
expect_exit 0 "$PAPBENCH_REPORT" table parsons-table3.6 r.h5
cp out.txt t36.txt
expect_contains t36.txt "== Parsons 2015 Table 3.6: reduce speed-ups over MPICH binomial: P = 4, 2 virtual node(s) of 2"
grep -qE '^ +Default Cray \(native\) +mpich-binomial +native +[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{2} +6 ' t36.txt ||
  fail "parsons-table3.6: no measured native row over 6 cells"
# Rows name the thesis' configuration, every option spelt out.
grep -qE '^ +Dyn\. Leader +mpich-binomial +dynleader:cleanup=cancel,kdeg=binomial +- +- +0 +- +13\.35\.\.21\.13 \(mean 18\.98\) +not in the files' \
  t36.txt || fail "parsons-table3.6: the dynamic leader row does not say it is missing"
expect_contains t36.txt "not in the files (run them to fill the rows): hier-barrier, hier-opt:lock=parallel, dynleader:cleanup=cancel,kdeg=binomial, dynleader-os"
# The levels come from the trace: case 5 of parsons2015-trace-4.h5 was run with compute:5k.
expect_exit 0 "$PAPBENCH_REPORT" table parsons-table3.6 r.h5 --format json
"$JSON_QUERY" /sections/0/cells/0/level /sections/0/cells/0/ratio /sections/0/rows/4/cells \
  <out.txt >q.txt 2>&1 || { cat q.txt; fail "parsons-table3.6 --format json lacks a value"; }
expect_contains q.txt "(replay)"
# Every case's level is the xtime of the trace case it replayed (case k = the k-th --xtime).
grep -oE 'xtime [0-9]+ \(replay\)' out.txt | sort -u >levels.txt
for x in 0 1000 2000 3000 4000 5000; do
  grep -qx "xtime $x (replay)" levels.txt || { cat levels.txt; fail "parsons-table3.6: level $x missing"; }
done
expect_exit 0 "$PAPBENCH_REPORT" table parsons-table3.6 r.h5 --format csv
expect_contains out.txt "Default Cray (native),mpich-binomial,native,"
expect_exit 0 "$PAPBENCH_REPORT" table parsons-table3.6 r.h5 --format markdown
expect_contains out.txt "| Default Cray (native) | mpich-binomial | native |"

# Table 3.7 (bcast) and 3.8 (alltoall: elapsed and after-last-arrival sections).
expect_exit 0 "$PAPBENCH_REPORT" table parsons-table3.7 b.h5
grep -qE '^ +Default Cray \(native\) +mpich-binomial +native +[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{2} +4 ' out.txt ||
  fail "parsons-table3.7: no measured native row over 4 cells"
expect_exit 0 "$PAPBENCH_REPORT" table parsons-table3.8 a.h5
grep -cE '^ +Cray \(default\) +mpich-isend[^ ]* +native +[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{2} +4 ' out.txt >n.txt || true
[[ $(cat n.txt) == 2 ]] || { cat out.txt; fail "parsons-table3.8: not two measured native rows (elapsed, after last arrival)"; }
expect_contains out.txt "latency after the last arrival"
expect_contains out.txt "a2a-aware"

# Tables 2.1 and 2.2: the allgather baselines run, the UHA rows say what is missing.
expect_exit 0 "$PAPBENCH_REPORT" table parsons-table2.1 g.h5
grep -qE '^ +Allgather-Small \(MPICH Bruck\) +allgather mpich-bruck +uha:copyout=memcpy,inter=mpich-bruck,regions=4 +- +- +0 +20\.30 +31\.40 +not in the files' \
  out.txt || fail "parsons-table2.1: no Allgather-Small row"
expect_exit 0 "$PAPBENCH_REPORT" table parsons-table2.2 g.h5
expect_contains out.txt "inter-node phase time"
expect_contains out.txt "uha-ms:copyout=memcpy,exchange=bruck,regions=4,senders=all"

# The same views as figures (gnuplot), drawn from the tables' Reports: bars and the thesis.
expect_exit 0 "$PAPBENCH_REPORT" plot parsons-table3.6 r.h5 --out t36.svg --script
expect_contains t36.gp "mean speed-up T_baseline / T_candidate"
expect_contains t36.gp "dynleader-os"
[[ -s t36.svg ]] || fail "plot parsons-table3.6 wrote no figure"

# A file without the table's collective is bad input.
expect_exit 2 "$PAPBENCH_REPORT" table parsons-table3.7 r.h5
expect_contains err.txt "table parsons-table3.7: no bcast case in the files"
expect_exit 0 "$PAPBENCH_REPORT" table --list
expect_contains out.txt "parsons-table3.8"
