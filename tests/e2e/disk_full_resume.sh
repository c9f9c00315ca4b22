#!/usr/bin/env bash
# A disk that fills at the start of a run (issue 31): the write that finds no room is refused
# before it touches the result file, which so stays resumable, and --resume completes it once
# there is room. It used to be cut short inside HDF5, leaving metadata on which every later
# append failed ("addr overflow"), so a requeued job failed forever. Needs a tmpfs to fill: where
# mount is not permitted (not root) the test is skipped (exit 77).
source "$(dirname "$0")/lib.sh"
: "${CHECK_RESULT:?}"

mkdir disk
mount -t tmpfs -o size=64k tmpfs disk 2>/dev/null ||
  { echo "SKIP: cannot mount a tmpfs here (needs root)"; exit 77; }
trap 'umount "$WORK/disk" 2>/dev/null; rm -rf "$WORK"' EXIT

run=(--iters 3 --warmup 1 --count 16 --maxdelay 0:5us:+1us --progress never)
# The file's skeleton fits in 64 KiB, its first case does not.
expect_exit 1 mpirun_n 2 "$PAPBENCH" "${run[@]}" --out disk/run.h5
expect_contains err.txt "results file 'disk/run.h5': cannot append sync events: no space left on device"
expect_contains err.txt "the file is unchanged and holds every case written before"
"$CHECK_RESULT" disk/run.h5 --cases 0

mount -o remount,size=4m disk
expect_exit 0 mpirun_n 2 "$PAPBENCH" "${run[@]}" --resume disk/run.h5
"$CHECK_RESULT" disk/run.h5 --cases 6 --validated pass
echo "disk_full_resume: ok"
