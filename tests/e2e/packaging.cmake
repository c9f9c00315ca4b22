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
