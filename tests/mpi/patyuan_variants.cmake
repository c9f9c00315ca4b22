# The hierarchical Patarasuk-Yuan broadcasts of [Parsons2015] Fig. 3.23 (patyuan-hier, patyuan-opt,
# patyuan-dl) through collectives_native's matrix (every root, counts 0, 1, P-1, 7, 1000, every
# group= sample) on virtual nodes of K ranks: 4 = 2+2 and 3+1, 7 = 2+2+2+1 and 3+3+1, 8 = 3+3+2
# and 4+4. Five datatypes at 7 and 8 ranks (2-11 s each under Open MPI on a quiet machine), the
# int slice at 4, which the MPICH run of tools/test.sh also takes (the five datatypes took 30 s
# there). P = 1 and one node of P run in the default collectives_native entry.
set(_patyuan_variants patyuan-hier,patyuan-opt,patyuan-dl)
foreach(_ppn 2 3)
  papbench_mpi_test(patyuan_variants_ppn${_ppn}_sample RANKS 4 TIMEOUT 90
                    COMMAND $<TARGET_FILE:collectives_native_mpi> --alg ${_patyuan_variants}
                            --virtual-ppn ${_ppn} --sample bcast)
  papbench_mpi_test(patyuan_variants_ppn${_ppn} RANKS 7 TIMEOUT 90
                    COMMAND $<TARGET_FILE:collectives_native_mpi> --alg ${_patyuan_variants}
                            --virtual-ppn ${_ppn} bcast)
endforeach()
foreach(_ppn 3 4)
  papbench_mpi_test(patyuan_variants_ppn${_ppn}_8 RANKS 8 TIMEOUT 120
                    COMMAND $<TARGET_FILE:collectives_native_mpi> --alg ${_patyuan_variants}
                            --virtual-ppn ${_ppn} bcast)
endforeach()
