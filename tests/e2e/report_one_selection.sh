#!/bin/sh
# report_one_selection.sh REPORT: every view keeps the iterations summary keeps (issue 43). On
# the report fixtures with late (a.h5, f.h5) and wrong (c.h5) iterations, with and without
# --include-late / --include-invalid, `plot metric-vs --script`'s data (median, 95% CI per
# algorithm) must be summary's figures, `export csv`, `pap` and `counters` must count summary's n,
# and `model scatter-gather`'s median run time of k.h5's gather (a wrong and a late iteration)
# must be summary's. Run in the fixture directory (tests/e2e/report.cmake).
R=$1
failed=0
fail() { echo "report_one_selection: $*"; failed=1; }

# summary's n, median, ci low, ci high of run time (ns), one line per case, from its CSV header.
summary_rows() {
  "$R" summary "$@" --metric run_time --format csv | awk -F, '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    # A quoted label holds commas: count fields from the end, where no text column is.
    { n = NF - (nf0 - col["n"]); printf "%s %s %s %s\n", $n, $(n + 1), $(n + 2), $(n + 3) }
  ' nf0="$("$R" summary "$@" --metric run_time --format csv | head -1 | awk -F, '{ print NF }')"
}

# The plot's points in ns: median, ci low, ci high per series (blank lines separate series).
plot_rows() {
  rm -f sel.svg sel.gp sel.dat
  "$R" plot metric-vs "$@" --out sel.svg --script --force >/dev/null 2>&1 || {
    fail "plot metric-vs $* failed"
    return
  }
  unit=$(sed -n "s/^set ylabel '.*\[\(.*\)\]'$/\1/p" sel.gp)
  case "$unit" in
    ns) scale=1 ;;
    µs | us) scale=1000 ;;
    ms) scale=1000000 ;;
    s) scale=1000000000 ;;
    *) fail "plot metric-vs $*: unknown unit '$unit'"; return ;;
  esac
  awk -v s="$scale" 'NF == 4 { printf "%.0f %.0f %.0f\n", $2 * s, $3 * s, $4 * s }' sel.dat
}

for args in "a.h5" "a.h5 --include-late" "c.h5" "c.h5 --include-invalid" \
  "c.h5 --include-invalid --include-late" "f.h5" "f.h5 --include-late"; do
  # shellcheck disable=SC2086  # $args is a file and its options, split on purpose
  want=$(summary_rows $args | awk '$1 > 0 { print $2, $3, $4 }')
  # shellcheck disable=SC2086
  got=$(plot_rows $args)
  [ -n "$want" ] || fail "summary $args: no rows"
  [ "$got" = "$want" ] || fail "plot metric-vs $args drew
$got
where summary gives (median, CI low, CI high, ns)
$want"
  # export csv: one row per kept iteration and rank (4 ranks), plus the header.
  # shellcheck disable=SC2086
  n=$(summary_rows $args | awk '{ s += $1 } END { print s }')
  # shellcheck disable=SC2086
  rows=$("$R" export csv $args | wc -l)
  [ "$rows" -eq $((n * 4 + 1)) ] || fail "export csv $args: $rows lines, summary keeps $n iterations"
  # pap: its invocations are the kept iterations.
  # shellcheck disable=SC2086
  inv=$("$R" pap $args --format csv | awk -F, 'NR > 1 { s += $4 } END { print s }')
  [ "$inv" -eq "$n" ] || fail "pap $args: $inv invocations, summary keeps $n iterations"
  # counters: one value per kept iteration and rank of each case (the fixtures count
  # PAPI_TOT_CYC), so its n is 4 x summary's, case by case.
  # shellcheck disable=SC2086
  want=$(summary_rows $args | awk '{ print $1 * 4 }')
  # shellcheck disable=SC2086
  got=$("$R" counters $args --format csv | awk -F, '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; nf0 = NF; next }
    { print $(NF - (nf0 - col["n"])) }')
  [ "$got" = "$want" ] || fail "counters $args: n per case
$got
where summary keeps (x 4 ranks)
$want"
done

# model scatter-gather: k.h5's gather (case 2; iteration 3 wrong, 10 late) against its ping-pongs.
for opts in "" "--include-late" "--include-invalid" "--include-late --include-invalid"; do
  # shellcheck disable=SC2086  # $opts are options, split on purpose
  want=$(summary_rows k.h5 $opts | awk 'NR == 3 { print $2 }')
  # shellcheck disable=SC2086
  got=$("$R" model scatter-gather k.h5 --format csv $opts | awk -F, '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $col["collective"] == "gather" && $col["metric"] == "run time" { print $col["median_ns"] }')
  [ -n "$want" ] || fail "summary k.h5 $opts: no gather row"
  [ "$got" = "$want" ] || fail "model scatter-gather k.h5 $opts: median run time $got ns, summary's $want ns"
done
rm -f sel.svg sel.gp sel.dat
exit $failed
