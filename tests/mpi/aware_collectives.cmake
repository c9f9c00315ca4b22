# bcast/patyuan and alltoall/a2a-aware(-barrier) ([Parsons2015] ch. 3) through the collectives_native
# matrix on virtual nodes of K ranks: every root, counts 0, 1, P-1, 7, 1000 and every option
# sample, int only (--sample: the default collectives_native run takes them through five datatypes,
# and a2a-aware moves bytes between nodes whatever the type). At 4, 7 and 8 ranks the last node is
# short for K = 3, and for K = 2 and 4 at 7 ranks; 4 ranks with K = 4 is one node (no inter-node
# messages at all).
foreach(_k 2 3 4)
  papbench_mpi_test(aware_collectives_vppn${_k} RANKS 4 7 8
                    COMMAND $<TARGET_FILE:collectives_native_mpi> --sample
                            --alg patyuan,a2a-aware,a2a-aware-barrier --virtual-ppn ${_k})
endforeach()
