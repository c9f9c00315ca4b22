#!/usr/bin/env bash
# libpapbench-capture.so on a Fortran application (capture_fortran_app.f90, compiled here with
# $MPIF90): its 5 allreduces, barrier and bcast are captured, whatever route the MPI library's
# Fortran bindings take (Open MPI's call PMPI_* directly, MPICH's the C MPI_*), and each once.
source "$(dirname "$0")/lib.sh"
: "${CAPTURE_LIB:?}" "${MPIF90:?}"
command -v "$MPIF90" >/dev/null || { echo "no Fortran MPI compiler $MPIF90"; exit 77; }
"$MPIF90" -o app "$SOURCE_DIR/tests/e2e/capture_fortran_app.f90" || fail "$MPIF90 failed"
expect_exit 0 mpirun_n 4 env LD_PRELOAD="$CAPTURE_LIB" PAPBENCH_CAPTURE=f.h5 ./app
expect_contains out.txt "fortran app: last total 26"
expect_exit 0 "$PAPBENCH_REPORT" pap f.h5 --format csv
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  { n[$col["collective"]] += $col["calls"]; t[$col["collective"]] = $col["bytes"] }
  END { if (n["allreduce"] != 5 || n["barrier"] != 1 || n["bcast"] != 1 || n["iallreduce"] != 2) {
          print "captured calls: allreduce " n["allreduce"] ", barrier " n["barrier"] ", bcast " n["bcast"] \
            ", iallreduce " n["iallreduce"] " (expected 5, 1, 1, 2)"; exit 1 }
        # MPI_INTEGER is papbench int: 5 calls x 4 ranks x 4 bytes.
        if (t["allreduce"] != 80) { print "allreduce bytes " t["allreduce"] ", expected 80"; exit 1 } }' \
  out.txt || fail "the Fortran calls were not captured once each"
echo "capture_fortran: ok"
