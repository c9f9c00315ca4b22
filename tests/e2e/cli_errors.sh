#!/usr/bin/env bash
# Bad input: a clear message naming the option and the accepted values, exit code 2, and nothing
# written or destroyed.
source "$(dirname "$0")/lib.sh"
: "${MPI_INIT_TRAP:?}"
# Every refusal that needs no world size comes before MPI starts (issue 47: after MPI_Init it cost
# 0.375 s, against 0.02 s for --version): under this preload a process that reaches MPI_Init
# ends there with exit code 99, so exit 2 here is a refusal made before.
before_mpi=(env LD_PRELOAD="$MPI_INIT_TRAP")

check_bad() {  # TEXT ARGS...
  local text=$1; shift
  # timeout: a refusal that hangs (a FIFO read before issue 31) fails instead of stalling ctest.
  expect_exit 2 timeout 60 "${before_mpi[@]}" "$PAPBENCH" --out new.h5 "$@"
  expect_contains err.txt "$text"
  [[ ! -e new.h5 ]] || fail "a failed run ($*) created new.h5"
}
check_bad "--collective" --collective redcue
check_bad "accepted: reduce: native" --collective reduce --alg nosuch
check_bad "ns, us, ms or s" --maxdelay 50
check_bad "--count" --count 12Q
check_bad "--pattern" --pattern zipf
check_bad "window, barrier" --sync later
check_bad "--dtype" --dtype quaternion
check_bad "--op" --op avg
check_bad "--iters" --iters abc
# Files every rank reads must be regular: /dev/zero never ended (a hang, found while fuzzing).
check_bad "--pattern replay: '/dev/zero' is not a regular file" --pattern replay:/dev/zero
check_bad "--experiment: '/dev/zero' is not a regular file" --experiment /dev/zero
# A FIFO blocked the open until a writer came (issue 31): refused like /dev/zero.
mkfifo fifo.exp fifo.csv
check_bad "--pattern replay: 'fifo.csv' is not a regular file (a FIFO)" --pattern replay:fifo.csv
check_bad "--experiment: 'fifo.exp' is not a regular file (a FIFO)" --experiment fifo.exp
# A leading UTF-8 byte-order mark is skipped, not read as part of the first key (issue 31): the
# file's own bad value, not "unknown key", is what is refused.
printf '\xEF\xBB\xBFname = bom\niters = abc\n' > bom.exp
check_bad "bom.exp:2: iters: 'abc' is not a non-negative integer" --experiment bom.exp
# --seed: -1 was read as 2^64-1 and 2^64 clamped to it (issue 31).
check_bad "--seed: '-1' is not an integer in [0, 18446744073709551615]" --seed -1
check_bad "--seed: '18446744073709551616' is not an integer" --seed 18446744073709551616
# The other subcommands' --seed (and papbench-report's) read the same way.
for sub in sync-check "schedgen --P 4" "app floyd" "app matvec" "app ft" "app fft"; do
  # shellcheck disable=SC2086
  expect_exit 2 timeout 60 "$PAPBENCH" $sub --seed -1
  expect_contains err.txt "--seed: '-1' is not an integer in [0, 18446744073709551615]"
done
expect_exit 2 "$PAPBENCH_REPORT" compare --seed 18446744073709551616 a.h5 b.h5
expect_contains err.txt "--seed: '18446744073709551616' is not an integer"
# NaN passed the range checks (every comparison with it is false).
expect_exit 2 timeout 60 "${before_mpi[@]}" "$PAPBENCH" sync-check --inject-clock-drift nan
expect_contains err.txt "--inject-clock-drift: nan is not between 0 and 10000 ppm"
expect_exit 2 timeout 60 "${before_mpi[@]}" "$PAPBENCH" sync-check --duration 0
expect_contains err.txt "--duration: must be positive"
expect_exit 2 "$PAPBENCH_REPORT" model intergroup --p 4 --q 4 --ka 1Ki --kb 1Ki --ts 2us --tw nan
expect_contains err.txt "--tw: nan is not a finite number"
# 15,000 counts typed out overflowed the result file's command_line attribute (HDF5, 64 KiB) with
# an internal error after clock sync (issue 31): refused up front, naming --count and the limit.
check_bad "--count: 78893 characters as typed; the result file records the options as typed, at most 64000" \
  --count "$(seq -s, 1 15000)"
# Error output never throws (issue 31): with stderr full or closed, fmt::print threw inside the
# error handler (exit 134); a usage error before MPI starts (a missing experiment file) and one
# after (--seed) still exit 2.
set +e
timeout 60 "$PAPBENCH" --experiment nosuch.exp --out new.h5 >/dev/null 2>/dev/full
got_full=$?
timeout 60 "$PAPBENCH" --seed -1 --out new.h5 >/dev/null 2>&-
got_closed=$?
set -e
[[ $got_full == 2 ]] || fail "papbench --experiment nosuch.exp 2>/dev/full: exit $got_full, not 2"
[[ $got_closed == 2 ]] || fail "papbench --seed -1 2>&-: exit $got_closed, not 2"
check_bad "block, interleaved" --placement zigzag --collective intergroup_allgather
check_bad "a number > 0" --ka-factor 0 --collective intergroup_allgather
check_bad "arith-code" --dist triangular --collective intergroup_allgatherv

# Under mpiexec: errors that need the communicator size, and every rank leaves with 2.
expect_exit 2 mpirun_n 2 "$PAPBENCH" --root 5 --out new.h5
expect_contains err.txt "--root"
expect_contains err.txt "0..1"
[[ ! -e new.h5 ]] || fail "--root 5 created new.h5"

# A count whose buffers cannot fit in the node's memory is refused before clock sync and before
# the result file exists, naming the bytes needed and available: allreduce of 2e9 doubles holds
# 48 GB per rank (send + receive, and the library's buffer for the incoming vector), 96 GB for 2
# ranks. Skipped on a machine that has that much.
available_kib=$(awk '/^MemAvailable:/ {print $2}' /proc/meminfo)
if (( available_kib < 90000000 )); then
  expect_exit 2 mpirun_n 2 "$PAPBENCH" --collective allreduce --count 2000000000 --dtype double \
    --out new.h5
  expect_contains err.txt "--count 2G: the buffers of allreduce with blocks of 2G double (16GB)"
  expect_contains err.txt "scratch) need 96000000080 bytes"
  expect_contains err.txt "available (MemAvailable in /proc/meminfo)"
  [[ ! -e new.h5 ]] || fail "a refused --count created new.h5"
else
  echo "note: ${available_kib} KiB available; the buffer-memory refusal is not exercised here"
fi

# An existing result file is never touched without --force.
echo "precious results" > old.h5
expect_exit 2 mpirun_n 2 "$PAPBENCH" --iters 2 --out old.h5
expect_contains err.txt "--force"
[[ "$(cat old.h5)" == "precious results" ]] || fail "old.h5 was modified"

# --force replaces only a regular file: a FIFO, a device or a directory is refused and stays
# (issue 31: a character device became a regular file). Short runs, should one start.
quick=(--iters 1 --warmup 0 --count 16 --progress never)
mkfifo fifo.h5
mkdir dir.h5
expect_exit 2 timeout 60 "${before_mpi[@]}" "$PAPBENCH" "${quick[@]}" --force --out fifo.h5
expect_contains err.txt "--out: 'fifo.h5' is a FIFO, not a regular file; --force replaces only"
[[ -p fifo.h5 ]] || fail "--force replaced the FIFO fifo.h5"
expect_exit 2 timeout 60 "${before_mpi[@]}" "$PAPBENCH" "${quick[@]}" --force --out dir.h5
expect_contains err.txt "--out: 'dir.h5' is a directory, not a regular file"
if mknod null.h5 c 1 3 2>/dev/null; then
  expect_exit 2 timeout 60 "${before_mpi[@]}" "$PAPBENCH" "${quick[@]}" --force --out null.h5
  expect_contains err.txt "--out: 'null.h5' is a character device, not a regular file"
  [[ -c null.h5 ]] || fail "--force replaced the character device null.h5"
else
  echo "SKIP: --force on a device: mknod is not permitted here"
fi

# A file system that takes no new files (/proc): --force passed the checks and the create failed
# with MPI_ABORT, exit 1 (issue 47); now a refusal naming --out before MPI starts.
expect_exit 2 timeout 60 "${before_mpi[@]}" "$PAPBENCH" "${quick[@]}" --force --out /proc/version
expect_contains err.txt "--out: cannot create '/proc/version' in '/proc': No such file or directory"

# An --out that cannot be created: exit 2 naming --out before anything runs (issue 31: exit 1
# after clock synchronization).
check_bad_out() {  # TEXT OUT
  expect_exit 2 timeout 60 "${before_mpi[@]}" "$PAPBENCH" "${quick[@]}" --out "$2"
  expect_contains err.txt "--out: "
  expect_contains err.txt "$1"
}
check_bad_out "directory 'nodir': No such file or directory" nodir/run.h5
check_bad_out "more than the 255 a file name may have" "$(printf 'a%.0s' {1..4096}).h5"
ln -s loop.h5 loop.h5
check_bad_out "'loop.h5': Too many levels of symbolic links" loop.h5
mkdir ro
if mount -t tmpfs -o size=64k,ro tmpfs ro 2>/dev/null; then
  set +e; ( check_bad_out "in 'ro': Read-only file system" ro/run.h5 ); got=$?; set -e
  umount ro
  [[ $got == 0 ]] || exit "$got"
else
  echo "SKIP: --out on a read-only file system: cannot mount a tmpfs here (needs root)"
fi
# A disk full before the start: the create fails saying so and leaves no empty run.h5 that
# would block the next run (issue 31: "'run.h5' already exists").
mkdir full
if mount -t tmpfs -o size=64k tmpfs full 2>/dev/null; then
  dd if=/dev/zero of=full/fill bs=4k 2>/dev/null || true
  set +e
  (
    expect_exit 1 timeout 60 "$PAPBENCH" "${quick[@]}" --out full/run.h5
    expect_contains err.txt "results file 'full/run.h5': cannot create: no space left on device"
    [[ ! -e full/run.h5 ]] || fail "a create on a full disk left full/run.h5 behind"
  )
  got=$?
  set -e
  umount full
  [[ $got == 0 ]] || exit "$got"
else
  echo "SKIP: --out on a full disk: cannot mount a tmpfs here (needs root)"
fi

expect_exit 0 "$PAPBENCH" --help
expect_contains out.txt "--maxdelay"
expect_exit 0 "$PAPBENCH" --version
expect_contains out.txt "papbench"
expect_exit 0 "$PAPBENCH" list
expect_contains out.txt "reduce"
expect_contains out.txt "intergroup_allgather"
echo "cli_errors: ok"
