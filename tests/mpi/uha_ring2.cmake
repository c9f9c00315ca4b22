# allgather/uha-ms:exchange=two-way-ring ([Parsons2015] §2.3.2, collectives/uha/allgather_ring2.cpp)
# with senders 1, 2, 3 and all on virtual nodes of 1-4 ranks (tests/mpi/uha_ring2.cpp): at 7 and
# 8 ranks 1-8 nodes, odd and even, and shorter last nodes. collectives_native runs it too, as
# the option's sample, in tests/mpi/uha.cmake.
add_executable(uha_ring2_mpi ${CMAKE_CURRENT_LIST_DIR}/uha_ring2.cpp)
target_link_libraries(uha_ring2_mpi PRIVATE papbench_collectives papbench_warnings)
papbench_mpi_test(uha_ring2 RANKS 1 2 4 7 8 COMMAND $<TARGET_FILE:uha_ring2_mpi>)
