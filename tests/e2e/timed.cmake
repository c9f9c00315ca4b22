# Which end-to-end tests may share the 2 cores with another test (issue 42).
# Rule: an e2e test gets PROCESSORS ${PAPBENCH_TEST_PROCESSORS} (1 under Open MPI: two tests at a
# time at the suite's -j2; tests/CMakeLists.txt) unless its verdict can depend on how much CPU it
# gets, or it runs more than 4 ranks: then it is listed below with its reason and gets
# PROCESSORS 2 (alone at -j2), or it is RUN_SERIAL where it is declared (alone at any -j). Timing-dependent means: a bound on a wall time,
# a count of iterations kept at the default --arrival-tolerance, an arrival error checked against
# its plan, a watchdog (--call-timeout) that must fire in one call and not in the others, clock
# sync bounds, a statistical comparison of measured times, a race between a run and a script
# that kills it, or a rank that must leave before a late rank arrives.
# Safe to share (reviewed 2026-12-07): runs with --arrival-tolerance off whose checks read the
# files' structure, validation and counts (plot, plot_papers, paper_tables, parsons_tables,
# quick_full_rows, readme_first, trust: its native.h5 at the default tolerance checks only that
# the late flags follow the stored errors, and start_ticks takes any of its three forms), causality
# checks (rank_waits_for: a rank that needs a late rank's data cannot leave before it arrives,
# however slow; bcast_force under Open MPI, aware_collectives), the oracle predictor's fixed
# placements (sbn_placement), validation sweeps, refusals and exit codes, and the default watchdog
# (60 s + 10 x the planned delays: minutes above any call here).
# Already RUN_SERIAL where declared, with their reasons there: late_rank_spread, sync_check,
# replay_pap (bench.cmake), model_ordering (model.cmake), capture_synthetic, capture_hpcc,
# capture_substitute, tune_app (capture.cmake, tune.cmake), slurm_job, emulated_cluster,
# veth_two_hosts (jobs.cmake, veth.cmake).
# Under MPICH every test has PROCESSORS 2 (PAPBENCH_TEST_PROCESSORS), so this list matters for
# Open MPI; bcast_force's MPICH branch (a binomial rank 1 must leave before a 20 ms late rank 2)
# would belong here otherwise.
set(_e2e_timed
    # --call-timeout 2s must end the hung and stopped runs and no call that returns; the report
    # must come within 30 s.
    call_timeout
    # The arrival error's median within 1 ms of the plan (4 ranks, --maxdelay 50ms).
    run_and_report
    # At least 3 of 8 iterations on time at the default tolerance (kang-fig4's timing).
    kang_report
    # --reps-until-ci 0.5 must stop between 30 and 199 iterations (a CI of measured times), and the
    # plain binomial's root must leave before a rank 20 ms late arrives.
    bcast_model
    # The overlap of the nonblocking collective with a 20 or 50 ms compute must exceed 0.7.
    nonblocking
    # An A/A comparison of measured times must mark no row: load beside one side's launches is a
    # difference between the sides.
    compare_aa
    # kill_mid_run races: the script must see the first cases written and kill the run before it
    # writes the last (resume: about 1 s apart).
    resume kill_keeps_cases app_tables)
# Alone for another reason: more than 4 ranks (tests/CMakeLists.txt, papbench_mpi_processors):
# they keep both cores busy alone, so beside another test they gain nothing and slow it down.
set(_e2e_many_ranks
    reduce_algorithms  # 1-16 ranks
    pap_scatter_gather  # 1-12
    topology  # 8
    aware_collectives  # 7
    native_collectives)  # 3 and 5

# papbench_e2e_processors(NAME): the PROCESSORS of e2e.NAME by the rule above.
function(papbench_e2e_processors name out)
  if(name IN_LIST _e2e_timed OR name IN_LIST _e2e_many_ranks)
    set(${out} 2 PARENT_SCOPE)
  else()
    set(${out} ${PAPBENCH_TEST_PROCESSORS} PARENT_SCOPE)
  endif()
endfunction()

# A listed name that no test has (renamed or removed) would silently let its test share the cores
# again under its new name: configure stops instead. Called after every e2e test is declared.
function(papbench_check_timed_list)
  get_property(_tests DIRECTORY PROPERTY TESTS)
  foreach(_name IN LISTS _e2e_timed _e2e_many_ranks)
    if(NOT e2e.${_name} IN_LIST _tests)
      message(FATAL_ERROR "tests/e2e/timed.cmake names ${_name}, which no e2e test has (renamed "
                          "or removed?): correct the list")
    endif()
  endforeach()
endfunction()
