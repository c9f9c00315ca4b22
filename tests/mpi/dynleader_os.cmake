# The one-sided dynamic-leader reduce and bcast of [Parsons2015] §3.7.1, §3.7.2 (dynleader-os)
# through collectives_native's matrix (every root, counts 0, 1, P-1, 7, 1000; five datatypes and
# four ops at 7 and 8 ranks, the int/sum slice at 4, which the MPICH run of tools/test.sh also
# takes) on virtual nodes of K ranks: 4 = 2+2 and 3+1, 7 = 2+2+2+1 and 3+3+1, 8 = 3+3+2 and 4+4.
#
# Under MPICH the entries at 4 ranks run (tools/test.sh drops those above 4 there); they need the
# landing ranks to drive MPI progress while they wait on their node (docs/ALGORITHMS.md, Decision:
# one-sided dynamic leaders, Progress).
set(_os_algs dynleader-os)
foreach(_ppn 2 3)
  papbench_mpi_test(dynleader_os_ppn${_ppn}_sample RANKS 4 TIMEOUT 60
                    COMMAND $<TARGET_FILE:collectives_native_mpi> --alg ${_os_algs}
                            --virtual-ppn ${_ppn} --sample)
endforeach()
papbench_mpi_test(dynleader_os_ppn2 RANKS 7 TIMEOUT 60
                  COMMAND $<TARGET_FILE:collectives_native_mpi> --alg ${_os_algs} --virtual-ppn 2)
papbench_mpi_test(dynleader_os_ppn3 RANKS 7 8 TIMEOUT 60
                  COMMAND $<TARGET_FILE:collectives_native_mpi> --alg ${_os_algs} --virtual-ppn 3)
papbench_mpi_test(dynleader_os_ppn4 RANKS 8 TIMEOUT 60
                  COMMAND $<TARGET_FILE:collectives_native_mpi> --alg ${_os_algs} --virtual-ppn 4)
