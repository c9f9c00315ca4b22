#!/usr/bin/env bash
# The generated man pages and bash completion (cmake/papbench_docs.cmake): both pages render with
# man -l and show their options and subcommands; the completion scripts, driven as bash drives
# them, offer papbench's collectives, a collective's algorithms (those `papbench list` names),
# options, file names and papbench-report's subcommands; and the files in the build tree are what
# the built programs print now (none is stale). Skipped (77) where man is not installed.
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_REPORT:?}" "${BUILD_DIR:?}"
if ! man --version >/dev/null 2>&1; then
  echo "SKIP: man (Debian: man-db, tools/bootstrap.sh) is not installed" >&2
  exit 77
fi
MAN_DIR=$BUILD_DIR/share/man/man1
COMPLETION_DIR=$BUILD_DIR/share/bash-completion/completions

# --- the build tree's files are what the programs print now -------------------------------------
for program in papbench papbench-report; do
  exe=$PAPBENCH
  [[ $program == papbench-report ]] && exe=$PAPBENCH_REPORT
  # Without mpiexec: papbench parses its command line before MPI_Init.
  expect_exit 0 "$exe" --help-man
  cmp -s out.txt "$MAN_DIR/$program.1" ||
    fail "$MAN_DIR/$program.1 differs from '$exe --help-man' (stale: rebuild target papbench_docs)"
  expect_exit 0 "$exe" --help-completion
  cmp -s out.txt "$COMPLETION_DIR/$program" ||
    fail "$COMPLETION_DIR/$program differs from '$exe --help-completion'"
  # Hidden: --help does not list them.
  expect_exit 0 "$exe" --help
  if grep -q -- '--help-man\|--help-completion' out.txt; then fail "$program --help lists them"; fi
done

# --- man -l renders both pages ------------------------------------------------------------------
render() {  # PAGE: the page as a reader sees it, in page.txt; roff warnings fail
  MANWIDTH=100 man --warnings -l "$1" 2>warnings.txt | col -b >page.txt
  [[ ! -s warnings.txt ]] || { cat warnings.txt >&2; fail "man warns about $1"; }
  [[ -s page.txt ]] || fail "man -l $1 printed nothing"
}
render "$MAN_DIR/papbench.1"
expect_contains page.txt "papbench - MPI collectives under imbalanced process arrival patterns"
for text in SYNOPSIS OPTIONS COMMANDS EXAMPLES "SEE ALSO" --collective --maxdelay --alg \
  "Case matrix" "papbench list" "papbench sync-check" "papbench-report(1)"; do
  expect_contains page.txt "$text"
done
if grep -q -- '--help-man' page.txt; then fail "papbench.1 shows the hidden --help-man"; fi
render "$MAN_DIR/papbench-report.1"
expect_contains page.txt "papbench-report - "
for text in "papbench-report summary" "papbench-report compare" "papbench-report model bcast" \
  --format --metric; do
  expect_contains page.txt "$text"
done

# --- the completion -----------------------------------------------------------------------------
complete_line() {  # PROGRAM WORD...: what bash completes for the last WORD, one per line
  local program=$1
  shift
  bash -c 'source "$1"; fn=_${2//-/_}; shift 2
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
    "$fn"; printf "%s\n" "${COMPREPLY[@]}"' _ "$COMPLETION_DIR/$program" "$program" \
    "$program" "$@" >completed.txt
}
expect_completes() {  # WORD...: each WORD is among the completions of complete_line's last run
  for w in "$@"; do grep -qxF -- "$w" completed.txt ||
    { cat completed.txt >&2; fail "'$w' is not completed"; }; done
}

complete_line papbench --collective ''
expect_completes reduce bcast allgather allreduce
# Every collective of the registry, and only those.
"$PAPBENCH" list --format json | grep -c '"intergroup"' >n.txt
[[ $(wc -l <completed.txt) == "$(cat n.txt)" ]] || fail "--collective completes $(wc -l \
  <completed.txt) words, the registry has $(cat n.txt) collectives"

# --alg after --collective reduce: reduce's algorithms, exactly those `papbench list` names.
complete_line papbench --collective reduce --alg ''
expect_exit 0 "$PAPBENCH" list --collective reduce --format names
tr ',' '\n' <out.txt | sort >want.txt
sort completed.txt | cmp -s - want.txt ||
  { diff <(sort completed.txt) want.txt >&2; fail "--alg does not complete reduce's algorithms"; }
expect_completes native
# --collective=reduce: bash splits it into --collective, = and reduce (COMP_WORDBREAKS has '=').
complete_line papbench --collective = reduce --alg nat
expect_completes native
complete_line papbench --collective=reduce --alg ''
sort completed.txt | cmp -s - want.txt || fail "--alg after --collective=reduce"
# A comma list: the union of its collectives, and the part after the last comma is completed.
complete_line papbench --collective reduce,bcast --alg ''
expect_exit 0 "$PAPBENCH" list --collective bcast --format names
for alg in $(tr ',' ' ' <out.txt); do expect_completes "$alg"; done
complete_line papbench --collective reduce,bc
expect_completes reduce,bcast

complete_line papbench --ma
expect_completes --maxdelay
complete_line papbench ''
expect_completes list sync-check app
complete_line papbench app ''
expect_completes fft floyd
complete_line papbench list --f
expect_completes --format
touch run-one.h5
complete_line papbench --out run-
expect_completes run-one.h5

complete_line papbench-report ''
expect_completes summary compare table model plot
complete_line papbench-report model ''
expect_completes bcast scatter-gather intergroup
complete_line papbench-report summary --format ''
expect_completes table csv json markdown
complete_line papbench-report plot --format ''
expect_completes svg png pdf
complete_line papbench-report summary run-
expect_completes run-one.h5
echo "man pages and completion: ok"
