# The one-sided dynamic-leader reduce and bcast (dynleader-os) through papbench on virtual nodes
# under none, uniform, late and compute:XTIME arrivals.
# Not under MPICH: see tests/mpi/dynleader_os.cmake.
if(MPIEXEC_EXECUTABLE MATCHES "mpich")
  return()
endif()
papbench_e2e_test(dynleader_os dynleader_os.sh TIMEOUT 60)
