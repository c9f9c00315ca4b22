# The hierarchical and dynamic-leader reduce and bcast of [Parsons2015] ch. 3 (hier-barrier,
# hier-opt, dynleader) through collectives_native's matrix (every root, counts 0, 1, P-1, 7, 1000,
# every option sample) on virtual nodes of K ranks: five datatypes and four ops at 8 ranks, the
# int/sum slice at 4 and 7 (the MPICH run of tools/test.sh takes the 4-rank ones; the full
# matrix at 7 ranks ran 11-13 s on a quiet machine and over 120 s on a loaded one). The pairs
# leave the last node short (4 = 3+1, 7 = 2+2+2+1 and 3+3+1, 8 = 3+3+2) or even (4 = 2+2,
# 8 = 4+4); collectives_native without --virtual-ppn runs them on one node.
set(_hier_algs hier-barrier,hier-opt,dynleader)
foreach(_ppn 2 3)
  papbench_mpi_test(hier_collectives_ppn${_ppn}_sample RANKS 4 7 TIMEOUT 120
                    COMMAND $<TARGET_FILE:collectives_native_mpi> --alg ${_hier_algs}
                            --virtual-ppn ${_ppn} --sample)
endforeach()
foreach(_ppn 3 4)
  papbench_mpi_test(hier_collectives_ppn${_ppn} RANKS 8 TIMEOUT 300
                    COMMAND $<TARGET_FILE:collectives_native_mpi> --alg ${_hier_algs}
                            --virtual-ppn ${_ppn})
endforeach()

# One instance of every bcast and reduce row serves every root of the app kernels with the
# communicators and windows of one prepared instance (issue 27 item 13, bench/app/app_kernel.hpp):
# counted through the profiling interface at 4 ranks on nodes of 2 and 3 ranks on nodes of 2 and 1.
add_executable(prepared_roots_mpi ${CMAKE_CURRENT_LIST_DIR}/prepared_roots.cpp)
target_link_libraries(prepared_roots_mpi PRIVATE papbench_bench papbench_warnings)
papbench_mpi_test(prepared_roots RANKS 3 4 COMMAND $<TARGET_FILE:prepared_roots_mpi> --virtual-ppn 2)
