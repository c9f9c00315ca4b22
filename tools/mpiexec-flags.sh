# Sourced: sets PAPBENCH_MPIEXEC_FLAGS for this machine's mpiexec. Open MPI needs permission to
# oversubscribe (more ranks than cores) and to run as root; MPICH allows both and rejects the flags.
PAPBENCH_MPIEXEC_FLAGS=""
if mpiexec --version 2>&1 | grep -q "Open MPI\|OpenRTE"; then
  PAPBENCH_MPIEXEC_FLAGS="--oversubscribe"
  [[ $(id -u) -eq 0 ]] && PAPBENCH_MPIEXEC_FLAGS+=" --allow-run-as-root"
fi
export PAPBENCH_MPIEXEC_FLAGS
