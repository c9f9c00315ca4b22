# report end-to-end tests: papbench-report run on result sets whose every number is known
# (report_make_fixture.cpp explains the values), checked by report_expect.sh (exit status,
# output text, line counts) and report_json_query (the JSON parses; values at JSON pointers).
add_executable(report_make_fixture report_make_fixture.cpp)
target_link_libraries(report_make_fixture PRIVATE papbench_results HDF5::HDF5 papbench_warnings)
add_executable(report_json_query report_json_query.cpp)
target_link_libraries(report_json_query PRIVATE nlohmann_json::nlohmann_json papbench_warnings)

set(_report_dir ${CMAKE_CURRENT_BINARY_DIR}/report_fixtures)
set(_report ${PAPBENCH_REPORT_FOR_TESTS})
set(_json_query $<TARGET_FILE:report_json_query>)

add_test(NAME e2e.report.fixtures COMMAND report_make_fixture ${_report_dir})
set_tests_properties(e2e.report.fixtures PROPERTIES FIXTURES_SETUP report_files LABELS e2e)

# report_test(NAME CHECK... -- COMMAND...): one report_expect.sh run in the fixture directory,
# so file names print as the tests expect them ("a.h5", not a build path).
function(report_test name)
  add_test(NAME e2e.report.${name} COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/report_expect.sh ${ARGN}
           WORKING_DIRECTORY ${_report_dir})
  set_tests_properties(e2e.report.${name} PROPERTIES FIXTURES_REQUIRED report_files LABELS e2e
                       TIMEOUT 60)
endfunction()

# --- summary --------------------------------------------------------------------------------
report_test(summary_table
  --matches [=[run time +14\.5 us +\[11\.0 us, 18\.0 us\] +14\.5 us +3\.03 us +10\.0 us +19\.0 us$]=]
  --matches [=[imbalance \(achieved\) +303 ns]=]
  --matches [=[imbalance \(planned\) +300 ns]=]
  --matches [=[arrival error +3 ns]=]
  --matches [=[^\[0\] reduce/native .*\(11 iterations, 1 late \(missed start, arrival error not recorded\), validation pass \(0 checked\)\)$]=]
  --matches [=[^\[1\] reduce/binomial\(k=2,segment=8Ki\) .*\(6 iterations, 1 late \(missed start, arrival error not recorded\), validation pass \(0 checked\)\)$]=]
  --matches [=[run time +22\.0 us +\[20\.0 us, 24\.0 us\]†]=]
  --contains "== a.h5"
  --contains "1.20 us (max rtt_min/2 over 3 sync events)"
  --contains "Fixture MPI 1.0, package: test"
  --contains "1 incomplete case"
  --contains "fewer than 6 iterations"
  --contains "left out of the statistics: 2 late iteration(s)"
  --lacks "reduce/ring"
  --lacks "built for the report tests"
  -- ${_report} summary a.h5)
report_test(summary_csv
  --lines 13
  --contains "file,case,label,"
  --matches [=[^a\.h5,0,.*,run_time,10,14500,11000,18000,0\.978515625,14500,3027\.6[0-9]*,]=]
  --matches [=[^a\.h5,1,"reduce/binomial\(k=2,segment=8Ki\) count=1Ki [^"]*","collective=reduce\|algorithm=binomial\|params=k.=2,segment.=8Ki\|.*,planned_imbalance,5,300,300,300,]=]
  -- ${_report} summary a.h5 --format csv)
report_test(summary_json
  --contains [[/report = "summary"]]
  --contains [[/sections/0/file = "a.h5"]]
  --contains [[/sections/0/meta/ranks = 4]]
  --contains [[/sections/0/meta/sync_error_bound_ns = 1200.0]]
  --contains [[/sections/0/meta/skipped_incomplete = 1]]
  --contains [[/sections/0/rows/0/metric = "run_time"]]
  --contains [[/sections/0/rows/0/median_ns = 14500.0]]
  --contains [[/sections/0/rows/0/ci_low_ns = 11000.0]]
  --contains [[/sections/0/rows/0/late = 1]]
  --contains [[/sections/0/rows/0/dropped_late = 1]]
  --contains [[/sections/0/rows/0/n = 10]]
  -- sh -c [["$0" summary a.h5 --format json | "$1" /report /sections/0/file /sections/0/meta/ranks /sections/0/meta/sync_error_bound_ns /sections/0/meta/skipped_incomplete /sections/0/rows/0/metric /sections/0/rows/0/median_ns /sections/0/rows/0/ci_low_ns /sections/0/rows/0/late /sections/0/rows/0/dropped_late /sections/0/rows/0/n]]
     ${_report} ${_json_query})
# --include-late keeps the 1000 us iteration: n 11, median 15 us, max 1 ms.
report_test(summary_include_late
  --matches [=[run time +15\.0 us +\[11\.0 us, 19\.0 us\] +104 us +297 us +10\.0 us +1\.00 ms$]=]
  --lacks "left out of the statistics"
  -- ${_report} summary a.h5 --include-late --metric run_time)
# c.h5: one iteration checked wrong; left out by default, and the case is never compared
# silently.
report_test(summary_drops_wrong_iterations
  --contains [[/sections/0/rows/0/dropped_invalid = 1]]
  --contains [[/sections/0/rows/0/failed_iterations = 1]]
  --contains [[/sections/0/rows/0/n = 9]]
  -- sh -c [["$0" summary c.h5 --format json | "$1" /sections/0/rows/0/dropped_invalid /sections/0/rows/0/failed_iterations /sections/0/rows/0/n]]
     ${_report} ${_json_query})
report_test(compare_refuses_failed_validation
  --exit 2
  --contains "compare: case 0 of c.h5 (reduce/native"
  --contains "failed validation"
  --contains "--include-invalid"
  -- ${_report} compare a.h5 c.h5)
report_test(compare_include_invalid
  --matches [=[run time +14\.5 us +14\.5 us +1\.00 ]=]
  -- ${_report} compare a.h5 c.h5 --include-invalid)
# Clock bounds (format 1.4): d.h5's pairwise bounds are worked out in report_make_fixture.cpp.
# Elapsed, without the bounds over the call (an older file), gets the slew term only: rank 2 was
# slewing in iterations 2 and 5 (35 and 12 ns left; 12 ns each within 1000 ppm of its ~12 and
# ~15 us calls), so those iterations' elapsed (the mean of 4 ranks) may be 3 ns off, and the
# median of 10, the mean of iterations 4 and 5, 1.5 ns.
report_test(summary_clock_bound_json
  --contains [[/sections/0/rows/0/run_time_clock_bound_ns = 489.0]]
  --contains [[/sections/0/rows/0/after_last_clock_bound_ns = 390.0]]
  --contains [[/sections/0/rows/0/imbalance_clock_bound_ns = 299.0]]
  --contains [[/sections/0/rows/0/elapsed_clock_bound_ns = 1.5]]
  --contains [[/sections/0/rows/0/exit_bounds = "arrival"]]
  --contains [[/sections/0/rows/0/slewing_iterations = 2]]
  --contains [[/sections/0/meta/sync_error_bound_ns = 300.0]]
  -- sh -c [["$0" summary d.h5 --format json | "$1" /sections/0/rows/0/run_time_clock_bound_ns /sections/0/rows/0/after_last_clock_bound_ns /sections/0/rows/0/imbalance_clock_bound_ns /sections/0/rows/0/elapsed_clock_bound_ns /sections/0/rows/0/exit_bounds /sections/0/rows/0/slewing_iterations /sections/0/meta/sync_error_bound_ns]]
     ${_report} ${_json_query})
report_test(summary_clock_bound_table
  --matches [=[run time +14\.5 us +± 489 ns +\[11\.0 us, 18\.0 us\]]=]
  --matches [=[after last arrival +14\.2 us +± 390 ns +\[10\.7 us, 17\.7 us\]]=]
  --matches [=[imbalance \(achieved\) +303 ns +± 299 ns +\[303 ns, 303 ns\]]=]
  --matches [=[^  elapsed +14\.3 us +± 2 ns +\[10\.8 us, 17\.8 us\]]=]
  --contains "300 ns (largest at a sync, over 3 sync events"
  --contains "grows by up to 50 ppb of the time since"
  --contains "± clock: how far the clock synchronization may put the median off"
  --contains "exit bounds: not recorded in this file"
  --contains "2 kept iteration(s) began while a rank's clock was still slewing"
  -- ${_report} summary d.h5)
# Without the records: null fields, no column, and a note saying so.
report_test(summary_clock_bound_not_recorded
  --contains [[/sections/0/rows/0/run_time_clock_bound_ns = null]]
  --contains [[/sections/0/rows/0/slewing_iterations = null]]
  -- sh -c [["$0" summary a.h5 --format json | "$1" /sections/0/rows/0/run_time_clock_bound_ns /sections/0/rows/0/slewing_iterations]]
     ${_report} ${_json_query})
report_test(summary_clock_bound_not_recorded_table
  --contains "clock bounds: not recorded in this file"
  --lacks "± clock"
  -- ${_report} summary a.h5)
report_test(summary_markdown
  --contains "## a.h5"
  --contains "| metric | median | 95% CI of median | mean | sd | min | max |"
  --contains "| run time | 14.5 us | [11.0 us, 18.0 us] | 14.5 us | 3.03 us | 10.0 us | 19.0 us |"
  -- ${_report} summary a.h5 --format markdown)
report_test(summary_metric_choice
  --contains "run time"
  --contains "arrival error"
  --lacks "elapsed"
  --lacks "imbalance"
  -- ${_report} summary a.h5 --metric run_time,arrival_error)
report_test(summary_two_files
  --contains "== a.h5"
  --contains "== b.h5"
  --matches [=[run time +29\.0 us +\[22\.0 us, 36\.0 us\]]=]
  -- ${_report} summary a.h5 b.h5)

# --- arrival errors (format 1.8) --------------------------------------------------------------
# f.h5: 44 |errors| (0..3 ns, one 5000 ns): median 1.5 ns, p99 5 us; 1 of 11 iterations dropped.
report_test(summary_arrival_error
  --matches [=[^\[0\] reduce/native .*\(11 iterations, 1 off plan \(arrival error > 100 ns: median [0-9.]+ ns, p99 5\.00 us\), validation pass]=]
  --contains "left out of the statistics: 1 late iteration(s) (off plan"
  --lacks "arrival error: not recorded"
  -- ${_report} summary f.h5)
report_test(summary_arrival_error_json
  --contains [[/sections/0/rows/0/arrival_tolerance_ns = 100.0]]
  --contains [[/sections/0/rows/0/arrival_error_median_ns = 1.5]]
  --contains [[/sections/0/rows/0/arrival_error_p99_ns = 5000.0]]
  --contains [[/sections/0/rows/0/dropped_fraction = 0.09090909090909091]]
  --contains [[/sections/1/rows/0/arrival_error_p99_ns = null]]
  -- sh -c [["$0" summary f.h5 a.h5 --format json --metric run_time | "$1" /sections/0/rows/0/arrival_tolerance_ns /sections/0/rows/0/arrival_error_median_ns /sections/0/rows/0/arrival_error_p99_ns /sections/0/rows/0/dropped_fraction /sections/1/rows/0/arrival_error_p99_ns]]
     ${_report} ${_json_query})
# a.h5 predates arrival errors: the report says so instead of showing zeros.
report_test(summary_arrival_error_not_recorded
  --contains "arrival error: not recorded for 2 case(s)"
  -- ${_report} summary a.h5)
# h.h5: every iteration off plan; the summary still reads, with empty statistics.
report_test(summary_everything_dropped
  --contains "11 off plan"
  --contains "1 case(s) kept no iteration"
  -- ${_report} summary h.h5)
# ... and says why and what to do, in the case's note and once on stderr (issue 43): its ranks
# shared CPUs, so a tolerance above the errors' p99 (5 us) or off, or --include-late.
report_test(summary_empty_row_says_why
  --matches [=[^  \[0\] 11 of 11 iterations off plan \(.*p99 5\.00 us\): the ranks shared CPUs]=]
  --contains "rerun papbench with --arrival-tolerance 5us (the p99, rounded up) or --arrival-tolerance off"
  --contains "read these iterations now with --include-late"
  --matches [=[^papbench-report summary: h\.h5: 1 case\(s\) kept no iteration \(rows of '-'\): 11 of 11]=]
  -- sh -c [["$0" summary h.h5 --format csv 2>&1 >/dev/null && "$0" summary h.h5 2>/dev/null]]
     ${_report})
# g.h5 dropped 5 of 11 (45.5%), f.h5 1 of 11 (9.1%): more than 5 points apart, so compare warns on
# stderr and in the JSON; the same file on both sides does not.
report_test(compare_dropped_fraction_warning
  --contains "WARNING: A[0] B[0] reduce/native"
  --contains "9.1% (A) and 45.5% (B)"
  --contains [[/sections/0/dropped_fraction_warnings/0/dropped_fraction_b = 0.45454545454545453]]
  --contains [[/sections/0/rows/0/dropped_fraction_warning = true]]
  -- sh -c [["$0" compare f.h5 g.h5 --format json --metric run_time | "$1" /sections/0/dropped_fraction_warnings/0/dropped_fraction_b /sections/0/rows/0/dropped_fraction_warning]]
     ${_report} ${_json_query})
report_test(compare_dropped_fraction_alike
  --lacks "WARNING"
  -- ${_report} compare f.h5 f.h5)

# --- compare --------------------------------------------------------------------------------
# j.h5 holds a.h5's case as an allreduce: nothing to compare is an error naming the field.
report_test(compare_no_match
  --exit 2
  --contains "compare: no case of A matches a case of B: they differ in collective: reduce vs allreduce"
  -- ${_report} compare a.h5 j.h5)
# a.h5 and b.h5 share seed, iterations and planned delays: paired by iteration. Every pair is
# exactly 2x: CI [2, 2]; Wilcoxon's exact p for 10 positive pairs is 2/1024, Holm over 3 rows
# 0.006; one launch a side, so the verdict is within the launch.
report_test(compare_table
  --matches [=[run time +14\.5 us +29\.0 us +2\.00 +\[2\.00, 2\.00\] +iteration +0\.002 +- +- +- +within-launch +0\.006 +\* slower$]=]
  --contains "Holm over the 3 rows and metrics"
  --matches [=[^A\[0\] B\[0\] reduce/native ]=]
  --contains "only in A: [1] reduce/binomial"
  --contains "only in B: [1] reduce/ring"
  --contains "*: significant"
  -- ${_report} compare a.h5 b.h5)
report_test(compare_json
  --contains [[/report = "compare"]]
  --contains [[/sections/0/rows/0/metric = "run_time"]]
  --contains [[/sections/0/rows/0/ratio = 2.0]]
  --contains [[/sections/0/rows/0/significant = true]]
  --contains [[/sections/0/rows/0/change = "slower"]]
  --contains [[/sections/0/unmatched_a/0/case = 1]]
  --contains [[/sections/0/unmatched_b/0/case = 1]]
  -- sh -c [["$0" compare a.h5 b.h5 --format json --metric run_time | "$1" /report /sections/0/rows/0/metric /sections/0/rows/0/ratio /sections/0/rows/0/significant /sections/0/rows/0/change /sections/0/unmatched_a/0/case /sections/0/unmatched_b/0/case]]
     ${_report} ${_json_query})
# e.h5 - d.h5: +800 ns on run time (within the sum of both sides' bounds, 489 + 489 ns: marked;
# not within the larger one alone) and after-last (390 + 390 ns: not); elapsed's bounds are a few
# ns (not marked).
report_test(compare_clock_bound_json
  --contains [[/sections/0/rows/0/within_clock_bound = true]]
  --contains [[/sections/0/rows/0/clock_bound_a_ns = 489.0]]
  --contains [[/sections/0/rows/0/clock_bound_b_ns = 489.0]]
  --contains [[/sections/0/rows/1/within_clock_bound = false]]
  --contains [[/sections/0/rows/2/within_clock_bound = false]]
  --contains [[/sections/0/rows/2/clock_bound_b_ns = 390.0]]
  -- sh -c [["$0" compare d.h5 e.h5 --format json --metric run_time,elapsed,after_last_arrival | "$1" /sections/0/rows/0/within_clock_bound /sections/0/rows/0/clock_bound_a_ns /sections/0/rows/0/clock_bound_b_ns /sections/0/rows/1/within_clock_bound /sections/0/rows/2/within_clock_bound /sections/0/rows/2/clock_bound_b_ns]]
     ${_report} ${_json_query})
# Paired, the constant +800 ns is significant (within one launch); after-last has no clock mark.
report_test(compare_clock_bound_table
  --matches [=[^  run time +14\.5 us +15\.3 us .* ‡$]=]
  --matches [=[^  after last arrival +14\.2 us +15\.0 us .*\* slower$]=]
  --matches [=[^  imbalance \(achieved\) +303 ns +303 ns .* ‡$]=]
  --contains "‡: the medians differ by less than the clock synchronization can put them off (the sum"
  --contains "a side's file does not record the exits' own clock bounds"
  --lacks "clock bounds are not recorded on both sides"
  -- ${_report} compare d.h5 e.h5 --metric run_time,after_last_arrival,imbalance)
report_test(compare_clock_bound_not_recorded
  --contains "clock bounds are not recorded on both sides"
  --lacks "‡"
  -- ${_report} compare a.h5 d.h5)
# i.h5 is d.h5 from another commit and a debug build (d.h5 records no build). No ';' in a check:
# CMake would split the argument there.
report_test(compare_build_and_commit
  --contains "note: the runs came from different papbench commits (fixture vs 0123456789ab-dirty)"
  --contains "note: the runs came from different builds (not recorded vs Debug"
  --contains "flags: -O0 -g)"
  -- ${_report} compare d.h5 i.h5)
report_test(compare_csv
  --lines 4
  --matches [=[^a\.h5 \(A\) vs b\.h5 \(B\),0,0,.*,run_time,1,1,10,10,14500,29000,2,]=]
  -- ${_report} compare a.h5 b.h5 --format csv)
report_test(compare_same_file
  --matches [=[run time +14\.5 us +14\.5 us +1\.00 +\[1\.00, 1\.00\] +iteration ]=]
  --lacks "* slower"
  --lacks "* faster"
  --lacks "only in"
  -- ${_report} compare a.h5 a.h5)
# The same data on both sides: ratio 1 with CI [1, 1] for every metric, paired by iteration.
report_test(compare_same_file_json
  --contains [[/sections/0/rows/0/ratio_ci_low = 1.0]]
  --contains [[/sections/0/rows/0/ratio_ci_high = 1.0]]
  --contains [[/sections/0/rows/0/pairing = "iteration"]]
  --contains [[/sections/0/rows/3/ratio_ci_low = 1.0]]
  --contains [[/sections/0/rows/4/ratio_ci_high = 1.0]]
  --contains [[/sections/0/rows/5/ratio_ci_low = 1.0]]
  --contains [[/sections/0/rows/5/significant = false]]
  -- sh -c [["$0" compare a.h5 a.h5 --format json --metric run_time,elapsed,after_last_arrival,imbalance,planned_imbalance,arrival_error | "$1" /sections/0/rows/0/ratio_ci_low /sections/0/rows/0/ratio_ci_high /sections/0/rows/0/pairing /sections/0/rows/3/ratio_ci_low /sections/0/rows/4/ratio_ci_high /sections/0/rows/5/ratio_ci_low /sections/0/rows/5/significant]]
     ${_report} ${_json_query})
# Two launches a side, launch k beside launch k: the verdict is the paired t test over launches
# (every launch pair's median log ratio is log 2: certain).
report_test(compare_paired_launches_json
  --contains [[/sections/0/rows/0/pairing = "iteration"]]
  --contains [[/sections/0/rows/0/verdict_level = "launch"]]
  --contains [[/sections/0/rows/0/launch_test = "paired-t"]]
  --contains [[/sections/0/rows/0/significant = true]]
  -- sh -c [["$0" compare a.h5,a.h5 b.h5,b.h5 --format json --metric run_time | "$1" /sections/0/rows/0/pairing /sections/0/rows/0/verdict_level /sections/0/rows/0/launch_test /sections/0/rows/0/significant]]
     ${_report} ${_json_query})
# Launches as the unit of replication: a comma list per side, pooled medians, a hierarchical
# bootstrap, and the counts in JSON. One launch per side says its verdict leaves launch variance out.
report_test(compare_launches_json
  --contains [[/sections/0/meta/launches_a = 2]]
  --contains [[/sections/0/meta/launches_b = 3]]
  --contains [[/sections/0/rows/0/launches_a = 2]]
  --contains [[/sections/0/rows/0/n_b = 30]]
  --contains [[/sections/0/rows/0/ratio = 2.0]]
  --contains [[/sections/0/rows/0/pairing = "none"]]
  --contains [[/sections/0/rows/0/launch_test = "welch-t"]]
  -- sh -c [["$0" compare a.h5,a.h5 b.h5,b.h5,b.h5 --format json --metric run_time | "$1" /sections/0/meta/launches_a /sections/0/meta/launches_b /sections/0/rows/0/launches_a /sections/0/rows/0/n_b /sections/0/rows/0/ratio /sections/0/rows/0/pairing /sections/0/rows/0/launch_test]]
     ${_report} ${_json_query})
# Issue 45: a launch pair that kept no iteration pair (h.h5 beside f.h5: all of h.h5's off plan)
# drops out of the launch test; the row says what was tested (2 of 3 pairs, df 1) and a note and
# thin_launches name the pair. a.h5 and f.h5 time alike: B/A 1 with its t interval [1, 1].
report_test(compare_dropped_launch_pair
  --matches [=[run time +14\.5 us +14\.5 us +1\.00 +\[1\.00, 1\.00\] +iteration +1\.000 +1\.000 +1 +2 of 3 pairs +launch ]=]
  --contains "launch pair 2 (h.h5, f.h5) of A[0] B[0] reduce/native"
  --contains "0 iteration pair(s) kept, left out of the launch test"
  --contains "so the CI excludes 1 exactly when launch p < 0.05"
  -- ${_report} compare a.h5,h.h5,a.h5 f.h5,f.h5,f.h5 --metric run_time)
report_test(compare_dropped_launch_pair_json
  --contains [[/sections/0/rows/0/launches_a = 3]]
  --contains [[/sections/0/rows/0/launches_tested_a = 2]]
  --contains [[/sections/0/rows/0/launch_df = 1]]
  --contains [[/sections/0/thin_launches/0/launch = 2]]
  --contains [[/sections/0/thin_launches/0/file_a = "h.h5"]]
  --contains [[/sections/0/thin_launches/0/tested = false]]
  -- sh -c [["$0" compare a.h5,h.h5,a.h5 f.h5,f.h5,f.h5 --format json --metric run_time | "$1" /sections/0/rows/0/launches_a /sections/0/rows/0/launches_tested_a /sections/0/rows/0/launch_df /sections/0/thin_launches/0/launch /sections/0/thin_launches/0/file_a /sections/0/thin_launches/0/tested]]
     ${_report} ${_json_query})
report_test(compare_launches_table
  --matches [=[^  A launches +2: a\.h5, c\.h5$]=]
  --contains "pairing none (launch counts differ (2 vs 1))"
  --contains "warning: the sides have different launch counts (2 vs 1)"
  -- ${_report} compare a.h5,c.h5 b.h5 --include-invalid)
report_test(compare_refuses_an_invalid_launch
  --exit 2 --contains "compare: case 0 of c.h5" -- ${_report} compare a.h5,c.h5 b.h5)
report_test(compare_one_launch_says_so
  --contains "significant within the launch"
  --contains "Launch variance is NOT included"
  -- ${_report} compare a.h5 b.h5)
report_test(compare_empty_launch
  --exit 2
  --contains "compare A: 'a.h5,' has an empty item"
  -- ${_report} compare a.h5, b.h5)
report_test(compare_alpha
  --lacks "* slower"
  --matches [=[^  alpha +1e-06$]=]
  -- ${_report} compare a.h5 b.h5 --alpha 1e-6)

# --- export csv -----------------------------------------------------------------------------
# 10 + 5 kept iterations x 4 ranks, plus the header: the late ones are left out as summary leaves
# them out; the incomplete case is not exported.
report_test(export_stdout
  --lines 61
  --contains "case,collective,algorithm,params,count,dtype,op,root,pattern,sync_mode,"
  --contains ",counters/PAPI_TOT_CYC"
  --contains "1,reduce,binomial,\"k=2,segment=8Ki\",1024,int,sum,0,linear,window,"
  --contains "0,reduce,native,,1024,int,sum,0,linear,window,0,300,7,2,11,4,pass,9,3,node-b,1,0,9000303,9018970,300,9000300,,,,,9003"
  -- ${_report} export csv a.h5)
report_test(export_out
  --file-lines exported.csv 61
  --no-file exported.csv.partial
  -- sh -c [[rm -f exported.csv && "$0" export csv a.h5 --out exported.csv]] ${_report})
report_test(export_refuses_overwrite
  --exit 2
  --contains "existing.csv: already exists" --contains "--force"
  --file-lines existing.csv 1
  -- ${_report} export csv a.h5 --out existing.csv)
report_test(export_force
  --file-lines forced.csv 61
  -- sh -c [[cp existing.csv forced.csv && "$0" export csv a.h5 --out forced.csv --force]] ${_report})

report_test(export_include_late
  --lines 69
  -- ${_report} export csv a.h5 --include-late)

# --- one set of iterations (issue 43) ------------------------------------------------------------
# plot metric-vs --script's data, export csv's rows and pap's invocations against summary's figures
# on the fixtures with late and wrong iterations, with and without --include-late/-invalid.
report_test(views_keep_summary_iterations
  -- sh ${CMAKE_CURRENT_SOURCE_DIR}/report_one_selection.sh ${_report})

# --- errors and help ------------------------------------------------------------------------
report_test(error_missing_file
  --exit 2 --contains "missing.h5: cannot open" -- ${_report} summary missing.h5)
report_test(error_not_hdf5
  --exit 2 --contains "not_hdf5.h5" -- ${_report} summary not_hdf5.h5)
report_test(error_compare_bad_file
  --exit 2 --contains "not_hdf5.h5" -- ${_report} compare a.h5 not_hdf5.h5)
report_test(error_export_bad_file
  --exit 2 --contains "not_hdf5.h5" -- ${_report} export csv not_hdf5.h5)
report_test(error_bad_format
  --exit 2 --contains "--format: xml not in {table,csv,json,markdown}"
  -- ${_report} summary a.h5 --format xml)
report_test(error_bad_metric
  --exit 2 --contains "--metric: speed not in {run_time,"
  -- ${_report} summary a.h5 --metric run_time,speed)
report_test(error_bad_alpha
  --exit 2 --contains "--alpha" -- ${_report} compare a.h5 b.h5 --alpha 7)
report_test(error_no_subcommand --exit 2 --contains "subcommand" -- ${_report})
report_test(error_export_without_format --exit 2 --contains "subcommand" -- ${_report} export a.h5)
report_test(error_unknown_paper_table
  --exit 2 --contains "unknown paper table 'nope'" -- ${_report} table nope a.h5)
report_test(help
  --contains "summary" --contains "compare" --contains "export" --contains "table" --contains "plot"
  -- ${_report} --help)
report_test(help_summary --contains "--format" --contains "--metric" -- ${_report} summary --help)
report_test(help_compare --contains "--alpha" --contains "--seed" -- ${_report} compare --help)
report_test(help_export_csv --contains "--out" --contains "--force" -- ${_report} export csv --help)
report_test(table_list --contains "proficz-table3" --contains "clv-fig10" --lacks "no paper tables"
  -- ${_report} table --list)

# --- plot: the counters view from recorded counter values --------------------------------------
# PAPI counts nothing in this project's VMs (libpfm4 finds no PMU for the CPU), so no real run
# here records counters; the fixture's PAPI_TOT_CYC values exercise the view's data path.
report_test(plot_parsons_counters_fixture
  --contains "normalized arrival" --contains "PAPI_TOT_CYC" --contains "Spearman rho"
  -- sh -c [["$0" plot parsons-counters a.h5 --out counters.svg --force >/dev/null && cat counters.svg]]
     ${_report})

# --- plot parsons-pap: Fig. 3.6 numbers each invocation by its timed iteration, as summary and
# export do (issue 43). c.h5 drops iteration 3 (wrong) and 10 (late): x 0 1 2, a gap (NaN, which
# breaks gnuplot's line), 4 .. 9; every iteration kept: 0 .. 10 (tests/e2e/report_pap_numbers.sh).
report_test(plot_parsons_pap_iteration_numbers
  --contains "[] 0 1 2 3.5 4 5 6 7 8 9;"
  --contains "[--include-invalid] 0 1 2 3 4 5 6 7 8 9;"
  --contains "[--include-late --include-invalid] 0 1 2 3 4 5 6 7 8 9 10;"
  -- sh ${CMAKE_CURRENT_SOURCE_DIR}/report_pap_numbers.sh ${_report})

# --- plot: a case that kept no iteration (h.h5: all 11 off plan) -------------------------------
# Refused with the reason and exit 2 (issue 47: parsons-pap ended in "gnuplot failed", exit 1,
# and heatmap drew an empty frame); nothing is written.
report_test(plot_heatmap_nothing_kept
  --exit 2 --contains "plot heatmap: case 0 kept no timed iteration (11 late"
  --contains "--include-late" -- ${_report} plot heatmap h.h5 --out h-heatmap.svg)
report_test(plot_parsons_pap_nothing_kept
  --exit 2 --contains "plot parsons-pap: case 0 kept no timed iteration (11 late"
  -- ${_report} plot parsons-pap h.h5 --out h-parsons-pap.svg)
report_test(plot_metric_vs_nothing_kept
  --exit 2 --contains "plot metric-vs: no case kept an iteration"
  -- ${_report} plot metric-vs h.h5 --out h-metric-vs.svg)

# --- counters: format 1.5's calibration beside the values ---------------------------------------
# 10 kept iterations x 4 ranks (the late 11th is left out, as summary leaves it out).
report_test(counters_costs
  --matches [=[^  PAPI_TOT_CYC +40 +4502 .* 250$]=]
  --contains "case 0: counted in domain 'user'"
  --contains "PAPI_start 3.20 us, PAPI_stop 1.50 us"
  -- ${_report} counters a.h5)
