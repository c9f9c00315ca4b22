# allgather/uha and bcast/uha with copyout=shared and copyout=cow ([Parsons2015] §2.3.3): the
# result read through Algorithm::result_view, the receive buffer left alone, the previous shared
# result intact after the next call, cow writes private (tests/mpi/uha_copyout.cpp). Virtual nodes
# of 1-4 ranks inside the program; the rank counts give single-rank, even and shorter last nodes.
# collectives_native's uha_ppn* entries run the same methods through its matrix (registry samples).
add_executable(uha_copyout_mpi ${CMAKE_CURRENT_LIST_DIR}/uha_copyout.cpp)
target_link_libraries(uha_copyout_mpi PRIVATE papbench_collectives papbench_warnings)
papbench_mpi_test(uha_copyout RANKS 1 2 4 7 8 COMMAND $<TARGET_FILE:uha_copyout_mpi>)
