# papbench-test-algorithms: papbench plus the test-only rows of test_algorithms.cpp (a collective
# that never returns, a rank that stops itself between two calls, found through MPI_Allreduce,
# MPI_Send and MPI_Ibcast interposed here), a binary of its own so that no user's `papbench list`
# shows them and no user's MPI calls pass through the interposers.
add_executable(papbench-test-algorithms ${PROJECT_SOURCE_DIR}/bench/main.cpp test_algorithms.cpp)
target_compile_definitions(papbench-test-algorithms PRIVATE PAPBENCH_TEST_ALGORITHMS)
target_link_libraries(papbench-test-algorithms PRIVATE papbench_bench papbench_cli_docs
                      papbench_warnings)

papbench_e2e_test(call_timeout call_timeout.sh)
set_property(TEST e2e.call_timeout APPEND PROPERTY ENVIRONMENT
             "PAPBENCH_TEST_ALGORITHMS=$<TARGET_FILE:papbench-test-algorithms>")
