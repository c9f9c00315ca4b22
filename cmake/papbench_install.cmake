# The install tree (`cmake --install BUILD --prefix PREFIX`), laid out as a cluster admin expects
# (GNUInstallDirs: bin/, lib/ or lib64/, share/), and usable without the build tree, the source
# checkout or any environment variable (issue 42; tests/e2e/cluster_install.sh checks all three):
#   bin/papbench, bin/papbench-report
#   LIBDIR/libpapbench-capture.so         (papbench capture finds it relative to bin/)
#   LIBDIR/cmake/papbench/                (find_package(papbench): the target papbench::capture)
#   share/papbench/jobs/                  the Slurm and PBS scripts, run-experiment.sh, report.sh,
#                                         experiments/*.exp (they find bin/papbench from here)
#   share/papbench/tools/                 emulated-cluster.sh and the scripts it sources,
#                                         mpich-default-selection.sh (jobs/tune-app.sh)
#   share/doc/papbench/                   README.md and docs/*.md
#   share/man/man1/, share/bash-completion/completions/   (cmake/papbench_docs.cmake)
#   share/modulefiles/papbench/VERSION.lua                (packaging/: an Lmod module)
include(GNUInstallDirs)

# RPATH: the installed programs find the MPI, HDF5 and PAPI libraries they were linked with
# (module prefixes outside the system's own library folders) without those modules loaded at
# run time, and without LD_LIBRARY_PATH. The system's folders are left out by CMake, so a
# Debian build carries no RPATH at all.
set(CMAKE_INSTALL_RPATH_USE_LINK_PATH ON)

# Where papbench (bin/) finds libpapbench-capture.so once installed: the relative path is compiled
# in (bench/commands/capture_command.cpp), since LIBDIR is lib64 on some systems and lib/<triplet>
# on others.
file(RELATIVE_PATH PAPBENCH_BIN_TO_LIBDIR "${CMAKE_INSTALL_FULL_BINDIR}"
     "${CMAKE_INSTALL_FULL_LIBDIR}")

install(DIRECTORY jobs/ DESTINATION ${CMAKE_INSTALL_DATADIR}/papbench/jobs USE_SOURCE_PERMISSIONS)
# mpich-default-selection.sh: jobs/tune-app.sh reads MPICH's own selection with it.
install(PROGRAMS tools/emulated-cluster.sh tools/veth-two-hosts.sh tools/mpiexec-flags.sh
                 tools/mpich-default-selection.sh
        DESTINATION ${CMAKE_INSTALL_DATADIR}/papbench/tools)
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})

# find_package(papbench) for a program that links the capture library instead of preloading it.
include(CMakePackageConfigHelpers)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/papbenchConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
file(WRITE ${CMAKE_BINARY_DIR}/papbenchConfig.cmake
     "# papbench's CMake package: the target papbench::capture (libpapbench-capture.so).\n"
     "include(\"\${CMAKE_CURRENT_LIST_DIR}/papbenchTargets.cmake\")\n")
install(FILES ${CMAKE_BINARY_DIR}/papbenchConfig.cmake ${CMAKE_BINARY_DIR}/papbenchConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/papbench)
