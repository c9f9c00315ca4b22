# The universal hierarchical algorithm ([Parsons2015] §2.3.1, collectives/uha/): every uha row,
# every uha-ms row, allgather/multileader and every option sample through collectives_native's
# matrix on virtual nodes: single-rank nodes (every rank a leader), one node (one leader), even
# nodes (4 ranks in nodes of 2 and 4, 8 in nodes of 2 and 4), and shorter last nodes (4 ranks in
# nodes of 3; 7 in nodes of 2, 3 and 4; 8 in nodes of 3): with collectives_native's own entries
# (one rank per node at 1-8 ranks) every node size 1-4 at 1, 2, 4, 7 and 8 ranks. At 7 and 8 ranks
# and in nodes of 2 at 4 ranks only the int/sum slice (--sample), every root and count: the
# datatypes and ops took the same paths at 2-4 ranks, and the full matrix ran past 45 s there on
# the loaded 2-core machine. Then the vector collectives with the thesis' "every other buffer one
# integer shorter" counts and gapped displacements (tests/mpi/uha_vector.cpp).
foreach(_shape IN ITEMS "1;1;" "2;1;" "2;2;" "4;2;--sample" "4;3;" "4;4;" "7;2;--sample"
                        "7;3;--sample" "7;4;--sample" "8;2;--sample" "8;3;--sample" "8;4;--sample")
  list(GET _shape 0 _ranks)
  list(GET _shape 1 _ppn)
  list(GET _shape 2 _slice)
  papbench_mpi_test(uha_ppn${_ppn} RANKS ${_ranks}
                    COMMAND $<TARGET_FILE:collectives_native_mpi> --alg uha,uha-ms,multileader
                            --virtual-ppn ${_ppn}
                            ${_slice})
endforeach()

add_executable(uha_vector_mpi ${CMAKE_CURRENT_LIST_DIR}/uha_vector.cpp)
target_link_libraries(uha_vector_mpi PRIVATE papbench_collectives papbench_warnings)
papbench_mpi_test(uha_vector RANKS 1 3 5 8 COMMAND $<TARGET_FILE:uha_vector_mpi>)

# allgather/multileader's scheme (issue 27 item 9): the thesis' group-wide shared memory and the
# leaders' point-to-point exchange, counted through the profiling interface, for leaders=1..K+1 on
# one node of 4, nodes of 2, and nodes of 3 and 1 (where one leader stands in for missing groups).
add_executable(multileader_scheme_mpi ${CMAKE_CURRENT_LIST_DIR}/multileader_scheme.cpp)
target_link_libraries(multileader_scheme_mpi PRIVATE papbench_collectives papbench_warnings)
foreach(_ppn 2 3 4)
  papbench_mpi_test(multileader_scheme_ppn${_ppn} RANKS 4
                    COMMAND $<TARGET_FILE:multileader_scheme_mpi> --virtual-ppn ${_ppn})
endforeach()
