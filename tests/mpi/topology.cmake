# topology MPI tests: every communicator of NodeTopology (node, leaders) and the node
# numbering, for real nodes and --virtual-ppn 1..4, at rank counts that leave the last virtual
# node short.
add_executable(topology_communicators topology_communicators.cpp)
target_link_libraries(topology_communicators PRIVATE papbench_topology papbench_warnings)
papbench_mpi_test(topology_communicators RANKS 1 2 3 4 7 8 TIMEOUT 60
                  COMMAND $<TARGET_FILE:topology_communicators>)
# The checks can fail: expecting virtual nodes one rank larger than asked for must be caught.
papbench_mpi_test(topology_communicators_wrong_expectation RANKS 4 TIMEOUT 60
                  COMMAND $<TARGET_FILE:topology_communicators> --expect-ppn-off-by-one)
set_tests_properties(topology_communicators_wrong_expectation.np4 PROPERTIES WILL_FAIL TRUE)
