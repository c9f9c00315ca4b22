# papbench-report model scatter-gather (docs/MODEL.md): the orderings [Proficz2020] Eqs. 9-24
# predict for one process late by D = 50 ms, measured end to end (model_ordering.sh), and the input
# errors of the subcommand on the report fixtures (a.h5 holds reduce cases only, no ping-pong).
papbench_e2e_test(model_ordering model_ordering.sh TIMEOUT 120)

report_test(model_missing_file
  --exit 2 --contains "missing.h5: cannot open" -- ${_report} model scatter-gather missing.h5)
report_test(model_without_pingpong
  --exit 2
  --contains "a.h5: no usable ping-pong case"
  --contains "papbench --collective pingpong --alg native"
  -- ${_report} model scatter-gather a.h5)
report_test(model_bad_split
  --exit 2 --contains "--split" -- ${_report} model scatter-gather a.h5 --split -5)
report_test(model_needs_kind
  --exit 2 --contains "A subcommand is required" -- ${_report} model a.h5)
# Orderings of ms-scale waits: alone, so that no other test's ranks compete for the 2 cores.
set_tests_properties(e2e.model_ordering PROPERTIES RUN_SERIAL TRUE)
