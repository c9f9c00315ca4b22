#!/usr/bin/env bash
# papbench-report summary, and papbench's replay:FILE.h5, on damaged and foreign result sets: a
# clear message naming the file and exit 2 (or, for damage the reader tolerates, exit 0 with
# warnings), never a crash, an internal error or HDF5's own error stack (issue 16, the
# end-to-end half of tests/fuzz).
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_REPORT:?}" "${SOURCE_DIR:?}"
CORPUS=$SOURCE_DIR/tests/fuzz/corpus

expect_clean_refusal() {  # FILE TEXT
  expect_exit 2 "$PAPBENCH_REPORT" summary "$1"
  expect_contains err.txt "papbench-report: "
  expect_contains err.txt "$1"
  expect_contains err.txt "$2"
  ! grep -q "HDF5-DIAG\|internal error" err.txt || { cat err.txt >&2; fail "$1: $(head -1 err.txt)"; }
}

expect_exit 0 mpirun_n 2 "$PAPBENCH" --iters 3 --warmup 0 --count 16 --progress never --out run.h5
size=$(stat -c %s run.h5)

head -c $((size / 2)) run.h5 > truncated.h5
expect_clean_refusal truncated.h5 "truncated or damaged"
head -c 100 run.h5 > stub.h5
expect_clean_refusal stub.h5 "HDF5"
: > empty.h5
expect_clean_refusal empty.h5 "not an HDF5 file"
echo "0,1,2" > text.h5
expect_clean_refusal text.h5 "not an HDF5 file"
cp "$CORPUS/result_set/regression-foreign-hdf5-via-replay.h5" foreign.h5
expect_clean_refusal foreign.h5 "not a papbench result set"

# A file on which HDF5 1.10 itself segfaults (found by tests/fuzz): the reader's crash guard
# turns that into the same refusal. Kept outside the in-process corpus, which it would end.
gunzip -c "$CORPUS/hdf5_crash/h5b2-header-segfault.h5.gz" > crash.h5
expect_clean_refusal crash.h5 "is damaged: the HDF5 library crashed while reading it"

# A /sync row type whose member lies past the row made HDF5's struct conversion segfault (found
# by tests/fuzz); the reader now checks the row type and skips /sync with a warning.
gunzip -c "$CORPUS/hdf5_crash/sync-member-offset-segfault.h5.gz" > sync.h5
expect_exit 0 "$PAPBENCH_REPORT" summary sync.h5
expect_contains out.txt "/sync is unreadable: row member 2 is damaged"
expect_exit 2 "$PAPBENCH" --iters 2 --pattern replay:sync.h5 --out new.h5
expect_contains err.txt "--pattern replay: 'sync.h5' has delays for 3 ranks"

# An output file is never started for an input that cannot be read.
for bad in truncated.h5 foreign.h5 crash.h5; do
  expect_exit 2 "$PAPBENCH_REPORT" export csv "$bad" -o out.csv
  [[ ! -e out.csv ]] || fail "export csv $bad left out.csv behind"
done

# Issue 31. A FIFO blocked the open until a writer came: refused, like any non-regular file.
mkfifo fifo.h5
expect_exit 2 timeout 60 "$PAPBENCH_REPORT" summary fifo.h5
expect_contains err.txt "fifo.h5: not a regular file (a FIFO)"
# export --force replaces only a regular file; the FIFO stays.
expect_exit 2 timeout 60 "$PAPBENCH_REPORT" export csv run.h5 --out fifo.h5 --force
expect_contains err.txt "--out: 'fifo.h5' is a FIFO, not a regular file; --force replaces only"
[[ -p fifo.h5 ]] || fail "export --force replaced the FIFO fifo.h5"
# Error output never throws: with stderr closed or full, still exit 2 (was SIGABRT, 134).
set +e; "$PAPBENCH_REPORT" summary missing.h5 2>&-; got=$?; set -e
[[ $got == 2 ]] || fail "summary missing.h5 2>&- exited $got, expected 2"
set +e; "$PAPBENCH_REPORT" summary missing.h5 2>/dev/full; got=$?; set -e
[[ $got == 2 ]] || fail "summary missing.h5 2>/dev/full exited $got, expected 2"
# Output that never reached stdout's file is an error (exit 1 with a message), not exit 0.
to_full() { "$@" >/dev/full; }
expect_exit 1 to_full "$PAPBENCH_REPORT" summary run.h5 --format csv
expect_contains err.txt "papbench-report: cannot write the output to stdout"
expect_exit 1 to_full "$PAPBENCH_REPORT" export csv run.h5
expect_contains err.txt "papbench-report: cannot write the output to stdout"

# One byte flipped at a time over the metadata (the first 8 KiB, where HDF5 keeps the
# superblock, root group and the first object headers) and a few places further in: whatever it
# hits, the answer is a summary (0) or a refusal (2), and never HDF5's error stack.
for offset in $(seq 0 97 8192) $((size / 3)) $((size / 2)) $((size - 64)); do
  cp run.h5 flipped.h5
  byte=$(od -An -tu1 -j "$offset" -N1 run.h5 | tr -d ' ')
  printf "$(printf '\\%03o' $(( byte ^ 0x5a )))" |
    dd of=flipped.h5 bs=1 seek="$offset" conv=notrunc status=none
  set +e; "$PAPBENCH_REPORT" summary flipped.h5 >out.txt 2>err.txt; got=$?; set -e
  [[ $got == 0 || $got == 2 ]] || { cat err.txt >&2; fail "byte $offset flipped: exit $got"; }
  ! grep -q "HDF5-DIAG\|internal error" err.txt ||
    { cat err.txt >&2; fail "byte $offset flipped: $(head -1 err.txt)"; }
done

# replay:FILE.h5 of a foreign file is bad input on every rank (it was an internal failure).
expect_exit 2 mpirun_n 2 "$PAPBENCH" --iters 2 --pattern "replay:$PWD/foreign.h5" --out new.h5
expect_contains err.txt "--pattern replay: "
expect_contains err.txt "not a papbench result set"
[[ ! -e new.h5 ]] || fail "a refused replay created new.h5"
