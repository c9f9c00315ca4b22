# Test tiers (issue 25): every test is `quick` or `full`, as a label beside its kind
# (unit, mpi, e2e, threads).
#   quick  the unit tests, the MPI tests at up to 4 ranks, and one end-to-end test per feature;
#   full   the rest: the same code at more ranks, the long sweeps, a feature's second e2e test.
# `tools/test.sh` runs quick plus one share of full: PAPBENCH_TEST_ROTATION=K/N gives the full
# tests of share K of N the label `rotation`, and test.sh sets K from the commit count, so N
# consecutive landings run every test. `tools/test.sh --full` runs them all. The shares are
# balanced by cost (_test_costs below); the tests without a cost go by a hash of their name.
#
# The lists below name what the rules get wrong, measured (ctest, Open MPI, 2 cores): a test at
# <= 4 ranks that is a long sweep goes to full, an e2e test that repeats a feature goes to full.
set(PAPBENCH_TEST_ROTATION "" CACHE STRING
    "K/N: label the full-tier tests whose name hashes to K mod N `rotation` (tools/test.sh)")

set(_full_small
    # The whole registry at 3 and 4 ranks (every root, count, datatype and op of every row): the
    # int/sum slice runs at 4 ranks in quick (collectives_native_library), the whole at 1-2.
    collectives_native.np3 collectives_native.np4
    # The UHA family's whole matrix on virtual nodes of 3 and 4 at 4 ranks: quick keeps the whole
    # matrix at 1-2 ranks and the int/sum slice at 4 ranks on nodes of 2 (uha_ppn2.np4).
    uha_ppn3.np4 uha_ppn4.np4
    # Each algorithm's stated scratch against what it allocates: 1-2 ranks stay quick; 3-4 cost
    # 12-18 s each under ASan and 10-21 s under MPICH (fresh-clone .ci/run of 2026-12-07), and
    # 14 and 22 s under Open MPI since every non-library row is measured (2026-12-07).
    algorithm_scratch.np3 algorithm_scratch.np4)
set(_full_e2e
    # Each feature keeps one e2e test in quick; these are the second ones, or sweeps.
    e2e.reduce_algorithms e2e.pap_scatter_gather e2e.native_collectives e2e.plot_papers
    e2e.paper_tables e2e.aware_collectives e2e.kang_report e2e.intergroup_settings
    e2e.app_kernels e2e.model_ordering e2e.submit_paper e2e.kill_keeps_cases
    # compare: e2e.report.compare_* check its numbers on fixtures; this runs 6 real launches.
    e2e.compare_aa
    # hpcc under capture: the capture's second e2e test (capture_synthetic is its quick one).
    e2e.capture_hpcc e2e.capture_fortran
    # jobs/tune-app.sh: tune's second e2e test (tune_rules is its quick one), 7 launches.
    e2e.tune_app
    # The cluster user's configure, build and install (issue 42): a third build of papbench.
    e2e.cluster_install)

# The tests that cost seconds, one per line: name, tier, time in s (ctest, Open MPI, -j2, 2 cores;
# fresh-clone `.ci/run`s of 2026-11-27 and 2026-12-07, the allreduce rows of issue 46 measured alone
# on the shared 2-core machine), most costly first. A test not listed costs under 1.5 s.
# - Every cost becomes the test's COST: ctest -j starts the costly tests first, so a cold run (no
#   CTestCostData yet, as in CI) does not end on a long test started late beside an idle core.
# - The full ones are dealt to the shares in this order, each to the share with the least so far
#   (longest-processing-time first), so no share pays for two of the long e2e tests (by name hash
#   the three shares cost 81, 89 and 133 s); an unlisted full test goes to share hash(name) mod N.
# - The tier column restates what the rules above give (configure stops where it does not), so the
#   list reads on its own and cannot drift from them.
# Re-measure with `ctest --preset ci -L 'quick|full'` when a test's time changes by seconds.
set(_test_costs
    # test                                        tier  s
    e2e.cluster_install                           full  170
    # Without P = 3, 4, 7 and 8 since 2026-12-07: 27% of its CPU time less (47.6 of 173 CPU s).
    e2e.reduce_algorithms                         full  44
    e2e.pap_scatter_gather                        full  38
    collectives_native_nonblocking.np16           full  25
    collectives_native.np8                        full  23
    collectives_native.np7                        full  23
    algorithm_scratch.np4                         full  22
    e2e.plot_papers                               full  18
    e2e.model_ordering                            full  18
    collectives_native_allreduce_sample.np16      full  15
    collectives_native.np4                        full  15
    algorithm_scratch.np3                         full  14
    e2e.resume                                    quick 13
    e2e.trust                                     quick 13
    e2e.call_timeout                              quick 12
    e2e.plot                                      quick 11
    collectives_native_allreduce_uneven_nodes.np7 full  10
    bcast_algorithms.np16                         full  10
    e2e.topology                                  quick 10
    # intergroup_algorithms runs every case on both forms of the groups since 2026-12-07
    # (intercommunicator and spanning): np8 3792 -> 7224 cases, 31.2 -> 82.5 CPU s (Open MPI,
    # one after the other at a load of 10-15); the old costs scaled by that ratio, 2.6.
    intergroup_algorithms.np8                     full  10
    e2e.fft_table5                                quick 9
    e2e.sync_check                                quick 9
    e2e.bcast_force                               quick 9
    e2e.cli_errors                                quick 9
    intergroup_algorithms.np7                     full  8
    e2e.intergroup_settings                       full  7
    e2e.alg_options                               quick 7
    e2e.slurm_job                                 quick 7
    e2e.capture_substitute                        quick 7
    e2e.capture_synthetic                         quick 7
    e2e.app_tables                                quick 7
    e2e.emulated_cluster                          quick 7
    e2e.capture_hpcc                              full  6
    bcast_algorithms.np13                         full  6
    e2e.bcast_model                               quick 6
    e2e.app_kernels                               full  5
    collectives_native.np3                        full  5
    e2e.report_corrupt                            quick 5
    e2e.sizes_and_ranks                           quick 5
    e2e.parsons_tables                            quick 5
    e2e.compare_aa                                full  4
    e2e.paper_tables                              full  4
    clocksync_known_answer.np4                    quick 4
    e2e.dynleader_os                              quick 4
    e2e.imbalance_pap                             quick 4
    clocksync_known_answer.np2                    quick 4
    collectives_native_allreduce.np5              full  3
    collectives_native_nonblocking.np5            full  3
    e2e.kang_report                               full  3
    e2e.aware_collectives                         full  3
    allreduce_algorithms.np16                     full  2
    uha_ppn3.np4                                  full  2
    bcast_algorithms.np5                          full  2
    bcast_algorithms.np8                          full  2
    e2e.native_collectives                        full  2
    # Alone under load 18 on the shared machine (2026-12-07): 22 s (79 s under load 28, 6 s CPU);
    # not yet measured on a quiet one.
    e2e.tune_app                                  full  22)
# The list's three columns, as three lists.
set(_cost_names "")
set(_cost_tiers "")
set(_cost_seconds "")
list(LENGTH _test_costs _n)
math(EXPR _n_rem "${_n} % 3")
if(NOT _n_rem EQUAL 0)
  message(FATAL_ERROR "tests/tiers.cmake: _test_costs needs 3 columns per test (name tier seconds)")
endif()
math(EXPR _last "${_n} - 1")
foreach(_i RANGE 0 ${_last} 3)
  math(EXPR _j "${_i} + 1")
  math(EXPR _k "${_i} + 2")
  list(GET _test_costs ${_i} _name)
  list(GET _test_costs ${_j} _tier)
  list(GET _test_costs ${_k} _cost)
  if(NOT _tier MATCHES "^(quick|full)$" OR NOT _cost MATCHES "^[0-9]+$")
    message(FATAL_ERROR "tests/tiers.cmake: _test_costs row '${_name} ${_tier} ${_cost}': the tier "
                        "is quick or full, the cost whole seconds")
  endif()
  if(_name IN_LIST _cost_names)
    message(FATAL_ERROR "tests/tiers.cmake: _test_costs lists ${_name} twice")
  endif()
  list(APPEND _cost_names ${_name})
  list(APPEND _cost_tiers ${_tier})
  list(APPEND _cost_seconds ${_cost})
endforeach()

set(_rotation_k "")
if(PAPBENCH_TEST_ROTATION MATCHES "^([0-9]+)/([1-9][0-9]*)$")
  set(_rotation_k ${CMAKE_MATCH_1})
  set(_rotation_n ${CMAKE_MATCH_2})
elseif(PAPBENCH_TEST_ROTATION)
  message(FATAL_ERROR "PAPBENCH_TEST_ROTATION: '${PAPBENCH_TEST_ROTATION}' is not K/N (e.g. 2/4)")
endif()

# _full_share_<test> for each costed test, and each share's cost in seconds (printed).
if(NOT _rotation_k STREQUAL "")
  math(EXPR _last_share "${_rotation_n} - 1")
  set(_share_costs "")
  foreach(_k RANGE ${_last_share})
    list(APPEND _share_costs 0)
  endforeach()
  foreach(_name _tier _cost IN ZIP_LISTS _cost_names _cost_tiers _cost_seconds)
    if(NOT _tier STREQUAL full)
      continue()
    endif()
    set(_cheapest 0)
    list(GET _share_costs 0 _cheapest_cost)
    foreach(_k RANGE ${_last_share})
      list(GET _share_costs ${_k} _c)
      if(_c LESS _cheapest_cost)
        set(_cheapest ${_k})
        set(_cheapest_cost ${_c})
      endif()
    endforeach()
    math(EXPR _cheapest_cost "${_cheapest_cost} + ${_cost}")
    list(REMOVE_AT _share_costs ${_cheapest})
    list(INSERT _share_costs ${_cheapest} ${_cheapest_cost})
    set(_full_share_${_name} ${_cheapest})
  endforeach()
  list(JOIN _share_costs ", " _printed)
  # tools/test.sh deals MPICH's tests onto the same shares, starting from these.
  set(PAPBENCH_FULL_SHARE_COSTS "${_share_costs}" CACHE INTERNAL
      "Each share's cost in s of the full tier's costed tests (tools/test.sh)")
  message(STATUS "Full tier in ${_rotation_n} shares (the costed tests, s): ${_printed}; "
                 "this build's share: ${_rotation_k}")
endif()

function(_papbench_tier_of name out)
  set(tier quick)
  if(name MATCHES "\\.np([0-9]+)$" AND CMAKE_MATCH_1 GREATER 4)
    set(tier full)
  elseif(name IN_LIST _full_small OR name IN_LIST _full_e2e)
    set(tier full)
  endif()
  set(${out} ${tier} PARENT_SCOPE)
endfunction()

# papbench_label_tiers(): labels every test of the calling directory (called last in tests/mpi,
# tests/e2e and tests/fuzz: a test's properties can only be set from its own directory). The
# gtest cases are discovered at build time, outside these lists: their label `unit` stands for
# quick (ctest -L 'unit|quick|rotation').
function(papbench_label_tiers)
  get_property(_tests DIRECTORY PROPERTY TESTS)
  foreach(_test IN LISTS _tests)
    # A unit-test executable as one process (tests/CMakeLists.txt): its cases are `unit` already.
    get_property(_labels TEST ${_test} PROPERTY LABELS)
    if(gtest_process IN_LIST _labels)
      continue()
    endif()
    _papbench_tier_of(${_test} _tier)
    if(_tier STREQUAL full AND NOT _rotation_k STREQUAL "")
      if(DEFINED _full_share_${_test})
        set(_share ${_full_share_${_test}})
      else()
        string(SHA1 _hash ${_test})
        string(SUBSTRING ${_hash} 0 6 _hash)
        math(EXPR _share "0x${_hash} % ${_rotation_n}")
      endif()
      if(_share EQUAL _rotation_k)
        list(APPEND _tier rotation)
      endif()
    endif()
    set_property(TEST ${_test} APPEND PROPERTY LABELS ${_tier})
  endforeach()
  foreach(_name _listed_tier _cost IN ZIP_LISTS _cost_names _cost_tiers _cost_seconds)
    if(_name IN_LIST _tests)
      _papbench_tier_of(${_name} _tier)
      if(NOT _tier STREQUAL _listed_tier)
        message(FATAL_ERROR "tests/tiers.cmake: _test_costs lists ${_name} as ${_listed_tier}, "
                            "but the rules and lists above make it ${_tier}: correct its row")
      endif()
      set_tests_properties(${_name} PROPERTIES COST ${_cost})
    endif()
  endforeach()
endfunction()

# A name in the lists above that no test has (renamed or removed) would fall back to the rules
# and the name hash without a word; configure stops instead. Called after every test directory.
function(papbench_check_tier_lists)
  set(_all "")
  foreach(_dir mpi e2e)
    get_property(_tests DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/${_dir} PROPERTY TESTS)
    list(APPEND _all ${_tests})
  endforeach()
  set(_named ${_full_small} ${_full_e2e} ${_cost_names})
  # Defined only with Open MPI (tests/e2e/capture.cmake: Debian's hpcc links it).
  if(NOT PAPBENCH_MPIEXEC_FLAGS)
    list(REMOVE_ITEM _named e2e.capture_hpcc)
  endif()
  list(REMOVE_DUPLICATES _named)
  foreach(_name IN LISTS _named)
    if(NOT _name IN_LIST _all)
      message(FATAL_ERROR "tests/tiers.cmake names ${_name}, which no test has (renamed or "
                          "removed?): correct the list")
    endif()
  endforeach()
endfunction()
