#!/bin/sh
# report_expect.sh [CHECK...] -- COMMAND [ARG...]
# Runs COMMAND once (stderr merged into stdout) and checks all of:
#   --exit RC         exit status (default 0)
#   --lines N         number of output lines
#   --contains TEXT   TEXT occurs in the output (fixed string, may repeat)
#   --matches REGEX   some output line matches the extended regular expression (may repeat)
#   --lacks TEXT      TEXT does not occur in the output (may repeat)
#   --file-lines F N  file F exists and has N lines
#   --no-file F       file F does not exist
# On failure it prints what was wrong and the whole output, so a ctest log explains itself.
# ctest's PASS_REGULAR_EXPRESSION ignores the exit status; this checks both at once.
expected_rc=0
checks=""
nl='
'
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  case "$1" in
    --exit) expected_rc=$2; shift 2 ;;
    --lines|--contains|--matches|--lacks|--no-file) checks="$checks$1$nl$2$nl"; shift 2 ;;
    --file-lines) checks="$checks$1$nl$2 $3$nl"; shift 3 ;;
    *) echo "report_expect: unknown check '$1'" >&2; exit 2 ;;
  esac
done
[ "$1" = "--" ] && shift
[ $# -gt 0 ] || { echo "report_expect: no command" >&2; exit 2; }

out=$("$@" 2>&1)
rc=$?
failed=0
fail() { echo "report_expect: $*"; failed=1; }

[ "$rc" -eq "$expected_rc" ] || fail "exit status $rc, expected $expected_rc"
printf '%s\n' "$checks" | {
  status=0
  while IFS= read -r kind && IFS= read -r arg; do
    case "$kind" in
      --lines)
        n=$(printf '%s\n' "$out" | wc -l)
        [ "$n" -eq "$arg" ] || { echo "report_expect: $n lines, expected $arg"; status=1; } ;;
      --contains)
        printf '%s\n' "$out" | grep -qF -- "$arg" || { echo "report_expect: missing: $arg"; status=1; } ;;
      --matches)
        printf '%s\n' "$out" | grep -qE -- "$arg" || { echo "report_expect: no line matches: $arg"; status=1; } ;;
      --lacks)
        printf '%s\n' "$out" | grep -qF -- "$arg" && { echo "report_expect: unexpected: $arg"; status=1; } ;;
      --no-file)
        [ ! -e "$arg" ] || { echo "report_expect: $arg exists"; status=1; } ;;
      --file-lines)
        f=${arg% *}; want=${arg##* }
        if [ -f "$f" ]; then
          n=$(wc -l < "$f")
          [ "$n" -eq "$want" ] || { echo "report_expect: $f has $n lines, expected $want"; status=1; }
        else
          echo "report_expect: $f does not exist"; status=1
        fi ;;
    esac
  done
  exit $status
} || failed=1

if [ "$failed" -ne 0 ]; then
  echo "---- command: $*"
  printf '%s\n' "$out"
  exit 1
fi
echo "report_expect: ok: $*"
exit 0
