#!/usr/bin/env bash
# Prints the collective selection JSON that an installed MPICH (4.x) uses when no
# MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE is given: MPICH compiles it into the library as one
# string (src/mpi/coll/coll_selection.json, v4.0.2), the one whose leaves name MPIR_ algorithms
# (beside it are the ch4 and POSIX layers' own, whose leaves name MPIDI_ ones). `papbench-report
# tune --mpich-base` splices its choices into it, so that every size it did not tune keeps the
# library's own decision.
#
#   tools/mpich-default-selection.sh [LIBMPICH.so] > base.json
#
# Without an argument: the libmpich of `mpicc.mpich -show` (Debian), else of `mpicc -show`.
set -euo pipefail

lib=${1:-}
if [[ -z $lib ]]; then
  for cc in mpicc.mpich mpicc; do
    command -v "$cc" >/dev/null || continue
    show=$("$cc" -show 2>/dev/null) || continue
    [[ $show == *-lmpich* ]] || continue
    for dir in $(grep -o -- '-L[^ ]*' <<<"$show" | cut -c3-); do
      [[ -e $dir/libmpich.so ]] && lib=$dir/libmpich.so && break 2
    done
  done
fi
if [[ -z $lib || ! -e $lib ]]; then
  echo "mpich-default-selection: no libmpich found; give its path: $0 /path/to/libmpich.so" >&2
  exit 2
fi
json=$(strings -n 64 "$lib" | grep -m1 '^{"collective=.*"algorithm=MPIR_' || true)
if [[ -z $json ]]; then
  echo "mpich-default-selection: $lib holds no selection JSON (MPICH before 4.0?)" >&2
  exit 1
fi
printf '%s\n' "$json"
