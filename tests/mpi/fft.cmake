# `papbench app fft` at P = 1, 2, 4, 8 with every gather algorithm, the master on the last rank
# (so rank 0, which writes the file, is a worker), and the spectrum checked against the O(n^2)
# DFT in every iteration: exit 0 only when every iteration of every algorithm validated.
foreach(n IN ITEMS 1 2 4 8)
  math(EXPR _fft_root "${n} - 1")
  add_test(NAME app_fft.np${n}
           COMMAND ${MPIEXEC_EXECUTABLE} ${PAPBENCH_MPIEXEC_FLAGS} ${MPIEXEC_NUMPROC_FLAG} ${n}
                   $<TARGET_FILE:papbench> app fft --n 512 --iters 3 --reps 2 --root ${_fft_root}
                   --validate --quiet --force --out ${CMAKE_CURRENT_BINARY_DIR}/app_fft_np${n}.h5)
  papbench_mpi_processors(${n} _processors)
  set_tests_properties(app_fft.np${n} PROPERTIES LABELS mpi TIMEOUT ${_mpi_timeout}
                       PROCESSORS ${_processors}
                       ENVIRONMENT "OMPI_MCA_rmaps_base_oversubscribe=1"
                       ENVIRONMENT_MODIFICATION "ASAN_OPTIONS=string_append:${_asan_mpi}")
endforeach()
