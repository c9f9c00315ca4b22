# reduce/clairvoyant with its algorithm options and every --pat-source (issues #3/#4).
add_executable(reduce_clairvoyant_options_mpi
               ${CMAKE_CURRENT_LIST_DIR}/reduce_clairvoyant_options.cpp)
target_link_libraries(reduce_clairvoyant_options_mpi PRIVATE papbench_collectives
                      papbench_warnings)
papbench_mpi_test(reduce_clairvoyant_options THREADS RANKS 1 2 3 5 8
                  COMMAND $<TARGET_FILE:reduce_clairvoyant_options_mpi>)
