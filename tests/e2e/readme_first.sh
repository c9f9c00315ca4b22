#!/usr/bin/env bash
# README's "Your first experiment" (issue 43): the fenced block after the marker comment is run as
# written, from a folder whose build/ is this build, on this 2-core machine. Every case of the
# run keeps its iterations (no "-" row), summary, compare and plot succeed, and the figure is
# drawn. A README edit that breaks a command, or a laptop flag it forgets, fails here.
source "$(dirname "$0")/lib.sh"
readme=$SOURCE_DIR/README.md
block=$(awk '/^<!-- tests\/e2e\/readme_first.sh runs this block/ { marked = 1; next }
             marked && /^```/ { if (inside) exit; inside = 1; next }
             inside { print }' "$readme")
[[ -n $block ]] || fail "README.md has no block after the readme_first.sh marker"
grep -q "^mpiexec" <<<"$block" || fail "README's first experiment has no mpiexec line"

ln -s "$BUILD_DIR" build
# As root (CI), Open MPI also wants --allow-run-as-root, which the README says in prose: granted
# through its environment, so the command line stays the README's.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
printf 'set -euo pipefail\n%s\n' "$block" >first.sh
expect_exit 0 bash first.sh
cp out.txt first-out.txt

# papbench's table at the end of the run and summary's per-case view: every case has figures.
expect_contains first-out.txt "reduce/binomial"
if grep -E '^(reduce)/[a-z]+ .*  -  ' first-out.txt; then fail "a case of the run table kept no iteration"; fi
if grep -E '^ +run time +- ' first-out.txt; then fail "summary shows a case without iterations"; fi
# 4 cases in summary's view, 2 pairs in compare's.
[[ $(grep -cE '^ +run time +[0-9.]+ [mun]?s' first-out.txt) -ge 6 ]] ||
  { cat first-out.txt >&2; fail "summary or compare lacks a run time"; }
[[ $(grep -cE '^A\[[0-9]+\] B\[[0-9]+\] reduce/native .*maxdelay=(0|10ms) ' first-out.txt) == 2 ]] ||
  { cat first-out.txt >&2; fail "compare did not pair native with binomial in both spreads"; }
if command -v gnuplot >/dev/null; then
  [[ -s first.svg ]] || fail "plot wrote no first.svg"
  grep -q "<svg" first.svg || fail "first.svg is not SVG"
fi
echo "readme_first: ok"
