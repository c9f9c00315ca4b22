# bench MPI tests
# The case runner with the PAT background thread as a run uses it: the real global clock (read by
# both threads, resynced between iterations), predictions at the compute edge, the allgather and
# background work on the thread, the baselines given the same monitoring thread (--bg-thread
# auto), plus the FFT's butterfly workers. Exit 0 only when every iteration validated; above all
# they give the ThreadSanitizer stage (label `threads`, tools/test-sanitizers.sh) the code paths
# of a real run, which the algorithm tests drive with a fixed clock.
add_dependencies(thread_tests papbench)
function(papbench_pat_run name n)
  add_test(NAME ${name}.np${n}
           COMMAND ${MPIEXEC_EXECUTABLE} ${PAPBENCH_MPIEXEC_FLAGS} ${MPIEXEC_NUMPROC_FLAG} ${n}
                   $<TARGET_FILE:papbench> ${ARGN} --iters 4 --warmup 1 --validate-every 1
                   --progress never --force --out ${CMAKE_CURRENT_BINARY_DIR}/${name}_np${n}.h5)
  papbench_mpi_processors(${n} _processors)
  set_tests_properties(${name}.np${n} PROPERTIES LABELS "mpi;threads" TIMEOUT ${_mpi_timeout}
                       PROCESSORS ${_processors}
                       ENVIRONMENT "OMPI_MCA_rmaps_base_oversubscribe=1"
                       ENVIRONMENT_MODIFICATION "ASAN_OPTIONS=string_append:${_asan_mpi}")
endfunction()
papbench_pat_run(pat_run_gather 4 --collective gather --alg bsls,sls,lin --count 4Ki
                 --compute 1ms --maxdelay 2ms --resync 1ms)
papbench_pat_run(pat_run_reduce 3 --collective reduce --alg clairvoyant,binomial --count 1001
                 --compute 1ms --maxdelay 2ms --resync 1ms)
add_test(NAME pat_run_fft.np2
         COMMAND ${MPIEXEC_EXECUTABLE} ${PAPBENCH_MPIEXEC_FLAGS} ${MPIEXEC_NUMPROC_FLAG} 2
                 $<TARGET_FILE:papbench> app fft --n 1Ki --iters 2 --reps 2 --threads 3
                 --gather-alg bsls,lin --validate --quiet --force
                 --out ${CMAKE_CURRENT_BINARY_DIR}/pat_run_fft_np2.h5)
set_tests_properties(pat_run_fft.np2 PROPERTIES LABELS "mpi;threads" TIMEOUT ${_mpi_timeout}
                     PROCESSORS ${PAPBENCH_TEST_PROCESSORS}
                     ENVIRONMENT "OMPI_MCA_rmaps_base_oversubscribe=1"
                     ENVIRONMENT_MODIFICATION "ASAN_OPTIONS=string_append:${_asan_mpi}")
