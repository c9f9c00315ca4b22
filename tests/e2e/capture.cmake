# libpapbench-capture.so (capture/): a tiny application with known imbalance captured under
# LD_PRELOAD, inspected with papbench-report and replayed by papbench (capture_synthetic.sh).
add_executable(capture_synthetic_app capture_synthetic_app.cpp)
target_link_libraries(capture_synthetic_app PRIVATE MPI::MPI_C papbench_warnings)
target_compile_definitions(capture_synthetic_app PRIVATE OMPI_SKIP_MPICXX MPICH_SKIP_MPICXX)
# The library's persistent collectives, where it has them (capture/CMakeLists.txt): the app's
# "shapes" mode calls them too.
if(PAPBENCH_CAPTURE_PERSISTENT)
  target_compile_definitions(capture_synthetic_app
                             PRIVATE PAPBENCH_APP_PERSISTENT_${PAPBENCH_CAPTURE_PERSISTENT})
endif()
# Exported symbols: the captured call sites read main+0x..., not the binary's name.
set_target_properties(capture_synthetic_app PROPERTIES ENABLE_EXPORTS ON)
papbench_e2e_test(capture_synthetic capture_synthetic.sh)
set_tests_properties(e2e.capture_synthetic PROPERTIES ENVIRONMENT
                     "${_e2e_env};CAPTURE_LIB=$<TARGET_FILE:papbench-capture>;SYNTHETIC_APP=$<TARGET_FILE:capture_synthetic_app>;CAPTURE_PERSISTENT=${PAPBENCH_CAPTURE_PERSISTENT}"
                     RUN_SERIAL TRUE)
# Debian's hpcc under capture at 4 ranks (about 25 s on 2 cores: full tier, tests/tiers.cmake);
# skipped (77) where hpcc is not installed. Debian's hpcc links Open MPI: not in an MPICH build.
if(PAPBENCH_MPIEXEC_FLAGS)
  papbench_e2e_test(capture_hpcc capture_hpcc.sh TIMEOUT 300)
  set_tests_properties(e2e.capture_hpcc PROPERTIES ENVIRONMENT
                       "${_e2e_env};CAPTURE_LIB=$<TARGET_FILE:papbench-capture>"
                       SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)
endif()
# A Fortran application (compiled by the test with the MPI library's Fortran wrapper compiler):
# Open MPI's Fortran bindings bypass the C wrappers, MPICH's go through them.
if(PAPBENCH_MPIEXEC_FLAGS)
  set(_capture_mpif90 mpif90)  # Open MPI
else()
  set(_capture_mpif90 mpif90.mpich)
endif()
papbench_e2e_test(capture_fortran capture_fortran.sh)
set_tests_properties(e2e.capture_fortran PROPERTIES ENVIRONMENT
                     "${_e2e_env};CAPTURE_LIB=$<TARGET_FILE:papbench-capture>;MPIF90=${_capture_mpif90}"
                     SKIP_RETURN_CODE 77)
# papbench's algorithms inside an application (capture_substitute.sh): a C program run with the
# library's collectives and with papbench's, results compared bit for bit.
add_executable(capture_substitute_app capture_substitute_app.c)
target_link_libraries(capture_substitute_app PRIVATE MPI::MPI_C)
# Exported symbols: the test names a call site (second_site_bcast+0x...) as pap shows it.
set_target_properties(capture_substitute_app PROPERTIES ENABLE_EXPORTS ON)
papbench_e2e_test(capture_substitute capture_substitute.sh)
set_tests_properties(e2e.capture_substitute PROPERTIES ENVIRONMENT
                     "${_e2e_env};CAPTURE_LIB=$<TARGET_FILE:papbench-capture>;SUBSTITUTE_APP=$<TARGET_FILE:capture_substitute_app>"
                     RUN_SERIAL TRUE)
