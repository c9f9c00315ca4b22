# Every dependency except the compiler, CMake, MPI and HDF5: found if installed, fetched otherwise.
#
# Clusters have modules for MPI and HDF5, rarely for CLI11, fmt or Eigen, and a user without root
# cannot apt-get them (issue 42). So each of these is looked up with find_package first (a
# Debian/Spack/module install, or anything on CMAKE_PREFIX_PATH), and when that finds nothing its
# source is taken, at the version pinned below and checked against its SHA-256, from
#   1. PAPBENCH_DEPS_DIR/<name>/        an unpacked source folder (no hash: the folder is yours),
#   2. PAPBENCH_DEPS_DIR/<archive>      the archive named in the table below (hash checked),
#   3. the archive's upstream URL       (hash checked; needs the internet at configure time).
# PAPBENCH_FETCH_DEPENDENCIES=OFF turns 1-3 off: a missing package is then an error that says so
# (Spack and distribution builds, which must not download).
#
# The header-only libraries (all but GoogleTest and Google Benchmark) are not configured through
# their own CMake projects: papbench makes an interface target over their include folder. That keeps
# the configure fast, works with a folder that holds only the headers (tests/e2e/cluster_install.sh
# builds one from what Debian ships), and installs nothing of theirs. fmt's compiled part is then one
# static library of ours linked into the programs (below), so there is no fmt library to install or
# find at run time.
include(FetchContent)

option(PAPBENCH_FETCH_DEPENDENCIES
       "Fetch a dependency that find_package does not find (pinned version, SHA-256 checked)" ON)
set(PAPBENCH_DEPS_DIR "" CACHE PATH
    "Offline builds: a folder with the dependencies' source archives or unpacked folders (docs/INSTALL.md)")
if(PAPBENCH_DEPS_DIR AND NOT IS_DIRECTORY "${PAPBENCH_DEPS_DIR}")
  message(FATAL_ERROR "PAPBENCH_DEPS_DIR: '${PAPBENCH_DEPS_DIR}' is not a directory; accepted: a "
                      "folder of source archives or unpacked source folders (docs/INSTALL.md)")
endif()

# papbench_dependency(NAME PACKAGE pkg FIND args... TARGET target VERSION v URL url SHA256 hash
#                     [INCLUDE subdir] [DEFINES defs...] [SUBPROJECT] [OPTIONS VAR=VALUE...])
# NAME names the folder in PAPBENCH_DEPS_DIR and FetchContent's entry; PACKAGE and FIND are
# find_package's arguments; TARGET the target papbench links (made here for a header-only
# fetch); SUBPROJECT configures the fetched source with its own CMake (OPTIONS are set first).
function(papbench_dependency name)
  cmake_parse_arguments(D "SUBPROJECT" "PACKAGE;TARGET;VERSION;URL;SHA256;INCLUDE"
                        "FIND;DEFINES;OPTIONS" ${ARGN})
  find_package(${D_PACKAGE} ${D_FIND} QUIET)
  if(${D_PACKAGE}_FOUND AND TARGET ${D_TARGET})
    set(_where "${${D_PACKAGE}_DIR}")
    if(NOT _where)
      set(_where "system")
    endif()
    message(STATUS "papbench: ${D_PACKAGE} ${${D_PACKAGE}_VERSION} found (${_where})")
    return()
  endif()
  get_filename_component(_archive "${D_URL}" NAME)
  if(NOT PAPBENCH_FETCH_DEPENDENCIES)
    message(FATAL_ERROR
            "papbench: ${D_PACKAGE} not found and PAPBENCH_FETCH_DEPENDENCIES is OFF. Install it "
            "(Debian: see tools/bootstrap.sh; Spack: spack load), give its prefix in "
            "CMAKE_PREFIX_PATH, or turn PAPBENCH_FETCH_DEPENDENCIES on to use version "
            "${D_VERSION} from PAPBENCH_DEPS_DIR (${name}/ or ${_archive}) or ${D_URL}")
  endif()

  string(TOUPPER "${name}" _upper)
  set(_source URL "${D_URL}")
  if(FETCHCONTENT_SOURCE_DIR_${_upper})
    set(_from "FETCHCONTENT_SOURCE_DIR_${_upper} (${FETCHCONTENT_SOURCE_DIR_${_upper}})")
  elseif(PAPBENCH_DEPS_DIR AND IS_DIRECTORY "${PAPBENCH_DEPS_DIR}/${name}")
    set(_from "${PAPBENCH_DEPS_DIR}/${name}/")
    set(FETCHCONTENT_SOURCE_DIR_${_upper} "${PAPBENCH_DEPS_DIR}/${name}")
  elseif(PAPBENCH_DEPS_DIR AND EXISTS "${PAPBENCH_DEPS_DIR}/${_archive}")
    set(_from "${PAPBENCH_DEPS_DIR}/${_archive}")
    set(_source URL "${PAPBENCH_DEPS_DIR}/${_archive}")
  elseif(PAPBENCH_DEPS_DIR)
    message(FATAL_ERROR
            "papbench: ${D_PACKAGE} is not installed and PAPBENCH_DEPS_DIR "
            "(${PAPBENCH_DEPS_DIR}) has neither ${name}/ nor ${_archive}; download ${D_URL} "
            "(SHA-256 ${D_SHA256}) into it, or install ${D_PACKAGE}")
  else()
    set(_from "${D_URL} (offline clusters: -DPAPBENCH_DEPS_DIR, docs/INSTALL.md)")
  endif()
  message(STATUS "papbench: ${D_PACKAGE} not found; using ${D_VERSION} from ${_from}")

  set(_subdir "papbench-no-cmake")  # populate only: a header-only library's CMake is not run
  if(D_SUBPROJECT)
    set(_subdir "")
    # Their sources are not ours: no unity batches (they were not written for them), no
    # -Werror of ours (papbench_warnings is an interface target they do not link).
    set(CMAKE_UNITY_BUILD OFF)
    foreach(_option IN LISTS D_OPTIONS)
      string(REGEX MATCH "^([^=]+)=(.*)$" _ "${_option}")
      set(${CMAKE_MATCH_1} "${CMAKE_MATCH_2}" CACHE INTERNAL "set by papbench_dependency")
    endforeach()
  endif()
  FetchContent_Declare(${name} ${_source} URL_HASH SHA256=${D_SHA256}
                       DOWNLOAD_EXTRACT_TIMESTAMP ON SOURCE_SUBDIR ${_subdir} SYSTEM)
  FetchContent_MakeAvailable(${name})
  if(D_SUBPROJECT)
    if(NOT TARGET ${D_TARGET})
      message(FATAL_ERROR "papbench: ${name}'s CMake project made no target ${D_TARGET}")
    endif()
    return()
  endif()

  set(_include "${${name}_SOURCE_DIR}/${D_INCLUDE}")
  if(NOT IS_DIRECTORY "${_include}")
    message(FATAL_ERROR "papbench: ${name} from ${_from} has no folder ${D_INCLUDE}/")
  endif()
  add_library(papbench_dep_${name} INTERFACE)
  target_include_directories(papbench_dep_${name} SYSTEM INTERFACE "${_include}")
  target_compile_definitions(papbench_dep_${name} INTERFACE ${D_DEFINES})
  add_library(${D_TARGET} ALIAS papbench_dep_${name})
endfunction()

# The hashes are those of upstream's release archives. find_package accepts any version from the
# minimum given in FIND; the tests run with Debian 12's (CLI11 2.1.2, fmt 9.1.0, nlohmann_json
# 3.11.2, Eigen 3.4.0, Boost 1.74, GoogleTest 1.12.1, Google Benchmark 1.7.1). The pins are those
# releases except CLI11 (2.3.2) and Boost (1.83.0), where Debian's are older than upstream's
# maintained ones. The fetch path itself is tested offline with Debian's headers laid out as a
# PAPBENCH_DEPS_DIR (tests/e2e/cluster_install.sh); no test here can download the pinned archives.
papbench_dependency(cli11 PACKAGE CLI11 FIND 2.1 CONFIG TARGET CLI11::CLI11 VERSION 2.3.2
  URL https://github.com/CLIUtils/CLI11/archive/refs/tags/v2.3.2.tar.gz
  SHA256 aac0ab42108131ac5d3344a9db0fdf25c4db652296641955720a4fbe52334e22 INCLUDE include)
papbench_dependency(fmt PACKAGE fmt FIND 9 TARGET fmt::fmt VERSION 9.1.0
  URL https://github.com/fmtlib/fmt/releases/download/9.1.0/fmt-9.1.0.zip
  SHA256 cceb4cb9366e18a5742128cb3524ce5f50e88b476f1e54737a47ffdf4df4c996 INCLUDE include)
if(TARGET papbench_dep_fmt)
  # Taken from source: fmt's compiled part is compiled once, into a static library of ours
  # (cmake/fmt_compiled.cpp, fmt 9's src/format.cc), not in every unit that includes fmt as
  # FMT_HEADER_ONLY would (the cluster user's build, tests/e2e/cluster_install.sh: 450 -> 379
  # user+sys CPU-s, issue 42). Any other major version in a deps folder is used header-only.
  get_target_property(_fmt_include papbench_dep_fmt INTERFACE_INCLUDE_DIRECTORIES)
  file(STRINGS "${_fmt_include}/fmt/core.h" _fmt_version REGEX "^#define FMT_VERSION ")
  string(REGEX MATCH "[0-9]+" _fmt_version "${_fmt_version}")
  if(_fmt_version GREATER_EQUAL 90000 AND _fmt_version LESS 100000)
    add_library(papbench_fmt_compiled STATIC ${PROJECT_SOURCE_DIR}/cmake/fmt_compiled.cpp)
    # Linked into libpapbench-capture.so too; hidden there like the rest of papbench's code.
    set_target_properties(papbench_fmt_compiled PROPERTIES POSITION_INDEPENDENT_CODE ON
                          CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON
                          UNITY_BUILD OFF)
    target_include_directories(papbench_fmt_compiled SYSTEM PRIVATE "${_fmt_include}")
    target_link_libraries(papbench_dep_fmt INTERFACE papbench_fmt_compiled)
  else()
    message(STATUS "papbench: fmt ${_fmt_version} from source is used header-only")
    target_compile_definitions(papbench_dep_fmt INTERFACE FMT_HEADER_ONLY=1)
  endif()
endif()
papbench_dependency(nlohmann_json PACKAGE nlohmann_json FIND 3.10 TARGET nlohmann_json::nlohmann_json
  VERSION 3.11.2 URL https://github.com/nlohmann/json/releases/download/v3.11.2/json.tar.xz
  SHA256 8c4b26bf4b422252e13f332bc5e388ec0ab5c3443d24399acb675e68278d341f INCLUDE include)
# Only papbench-report's models/ (the broadcast model's regressions) use it.
papbench_dependency(eigen PACKAGE Eigen3 FIND 3.3 NO_MODULE TARGET Eigen3::Eigen VERSION 3.4.0
  URL https://gitlab.com/libeigen/eigen/-/archive/3.4.0/eigen-3.4.0.tar.gz
  SHA256 8586084f71f9bde545ee7fa6d00288b264a2b7ac3607b974e54d13e7162c1c72 INCLUDE .)
# Header-only parts only (Boost.Math's distributions, Boost.Heap): no Boost library is built or
# linked, so any Boost 1.74+ install or the plain source archive serves.
papbench_dependency(boost PACKAGE Boost FIND 1.74 TARGET Boost::headers VERSION 1.83.0
  URL https://archives.boost.io/release/1.83.0/source/boost_1_83_0.tar.bz2
  SHA256 6478edfe2f3305127cffe8caf73ea0176c53769f4bf1585be237eb30798c3b8e INCLUDE .)

if(PAPBENCH_BUILD_TESTS)
  # Debian's libgtest-dev ships this release's source in /usr/src/googletest.
  papbench_dependency(googletest PACKAGE GTest FIND 1.10 TARGET GTest::gtest_main VERSION 1.12.1
    URL https://github.com/google/googletest/archive/refs/tags/release-1.12.1.tar.gz
    SHA256 81964fe578e9bd7c94dfdb09c8e4d6e6759e19967e397dbea48d1c10e45d0df2 SUBPROJECT
    OPTIONS INSTALL_GTEST=OFF BUILD_GMOCK=ON)
endif()
if(PAPBENCH_BUILD_MICRO)
  papbench_dependency(benchmark PACKAGE benchmark FIND 1.6 TARGET benchmark::benchmark_main
    VERSION 1.7.1 URL https://github.com/google/benchmark/archive/refs/tags/v1.7.1.tar.gz
    SHA256 6430e4092653380d9dc4ccb45a1e2dc9259d581f4866dc0759713126056bc1d7 SUBPROJECT
    OPTIONS BENCHMARK_ENABLE_TESTING=OFF BENCHMARK_ENABLE_INSTALL=OFF
            BENCHMARK_ENABLE_GTEST_TESTS=OFF BENCHMARK_ENABLE_WERROR=OFF)
endif()
