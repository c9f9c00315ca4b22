papbench_unit_test(run_options_test SOURCES run_options_test.cpp LIBS papbench_bench)
papbench_unit_test(experiment_file_test SOURCES experiment_file_test.cpp LIBS papbench_bench)
# The paper files' algorithm variants as a run resolves them ([Kang2019] Figs. 4-5).
papbench_unit_test(experiment_papers_test SOURCES experiment_papers_test.cpp LIBS papbench_bench)
# The shipped experiment files are checked by the same parser papbench uses.
papbench_unit_test(call_timeout_test SOURCES call_timeout_test.cpp LIBS papbench_bench)
papbench_unit_test(buffer_memory_test SOURCES buffer_memory_test.cpp LIBS papbench_bench)
# --buffers warm: the check's reference copy (bench/run/output_reference.hpp).
papbench_unit_test(output_reference_test SOURCES output_reference_test.cpp LIBS papbench_bench)
papbench_unit_test(resume_test SOURCES resume_test.cpp LIBS papbench_bench)
papbench_unit_test(setting_options_test SOURCES setting_options_test.cpp LIBS papbench_bench)
papbench_unit_test(run_order_test SOURCES run_order_test.cpp LIBS papbench_bench)
papbench_unit_test(run_summary_test SOURCES run_summary_test.cpp LIBS papbench_bench)
# What the SMPI build records and refuses (docs/SIMULATION.md), without SimGrid.
papbench_unit_test(simulation_test SOURCES simulation_test.cpp LIBS papbench_bench)
