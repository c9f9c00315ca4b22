# Shared by the end-to-end scripts: a scratch directory and assertions that say what failed.
set -euo pipefail
: "${PAPBENCH:?}" "${MPIEXEC:?}"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/papbench-e2e.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

fail() { echo "FAIL: $*" >&2; exit 1; }
expect_contains() {  # FILE TEXT
  grep -qF -- "$2" "$1" || { echo "--- $1:" >&2; cat "$1" >&2; fail "'$1' lacks '$2'"; }
}
expect_exit() {  # CODE COMMAND...
  local want=$1; shift
  set +e; "$@" >out.txt 2>err.txt; local got=$?; set -e
  [[ $got == "$want" ]] || { cat out.txt err.txt >&2; fail "'$*' exited $got, expected $want"; }
}
mpirun_n() {  # N ARGS...
  local n=$1; shift
  $MPIEXEC -n "$n" "$@"
}
