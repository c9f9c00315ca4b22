# The Spack package (packaging/spack) without a Spack: imported against a stand-in of Spack's
# package API, its dependencies checked against Spack's builtin package names, and papbench
# configured with the flags its cmake_args() gives (tests/e2e/spack_package.sh). Skipped (77)
# without python3. (tests/e2e/lmod_module.sh, the Lmod modulefile, needs an install: the install
# test calls it.)
papbench_e2e_test(spack_package spack_package.sh TIMEOUT 120)
set_tests_properties(e2e.spack_package PROPERTIES SKIP_RETURN_CODE 77)
# The configure it runs uses this build's CMake and generator.
set_property(TEST e2e.spack_package APPEND PROPERTY ENVIRONMENT
             "CMAKE=${CMAKE_COMMAND}" "CMAKE_GENERATOR=${CMAKE_GENERATOR}")
# The cluster user's path (issue 42): as nobody, with papbench's other dependencies hidden, a
# configure from PAPBENCH_DEPS_DIR, build, install, and runs from the install alone (the job
# scripts, find_package(papbench), the Lmod module). Builds papbench once more (no build type): a
# full-tier test. Skipped (77) without root.
papbench_e2e_test(cluster_install cluster_install.sh TIMEOUT 900)
set_tests_properties(e2e.cluster_install PROPERTIES SKIP_RETURN_CODE 77)
set_property(TEST e2e.cluster_install APPEND PROPERTY ENVIRONMENT
             "CMAKE=${CMAKE_COMMAND}" "CMAKE_GENERATOR=${CMAKE_GENERATOR}"
             "MPI_C_COMPILER=${MPI_C_COMPILER}")
