# Sourced: sets PAPBENCH_MPIEXEC_FLAGS for this machine's mpiexec (or $PAPBENCH_MPIEXEC when
# set, e.g. mpiexec.mpich). Open MPI needs permission to oversubscribe (more ranks than cores)
# and to run as root; MPICH allows both and rejects the flags.
_papbench_mpiexec=${PAPBENCH_MPIEXEC:-mpiexec}
PAPBENCH_MPIEXEC_FLAGS=""
if "$_papbench_mpiexec" --version 2>&1 | grep -q "Open MPI\|OpenRTE"; then
  PAPBENCH_MPIEXEC_FLAGS="--oversubscribe"
  [[ $(id -u) -eq 0 ]] && PAPBENCH_MPIEXEC_FLAGS+=" --allow-run-as-root"
elif "$_papbench_mpiexec" --version 2>&1 | grep -q "HYDRA"; then
  # MPICH 4.0.x (ch4) has no setting that makes a waiting rank yield or block: it busy-polls
  # (MPIR_CVAR_POLLS_BEFORE_YIELD exists but only the ch3 device reads it). Nothing to set here;
  # with more ranks than cores expect slow runs (README, "MPICH").
  :
fi
unset _papbench_mpiexec
export PAPBENCH_MPIEXEC_FLAGS
