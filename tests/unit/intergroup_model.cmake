# [Kang2019]'s Eqs. (1)-(5) against the paper's convergence values and hand-worked shapes (pure).
papbench_unit_test(intergroup_model_test SOURCES intergroup_model_test.cpp LIBS papbench_models)
# The views' reading of intergroup cases: shape and setting from params, the paper's timing.
papbench_unit_test(kang_cases_test SOURCES kang_cases_test.cpp LIBS papbench_report_tables)
# The [Kang2019] figure views on result sets written with known times: blocks sent, Eq. (5) at
# that shape, Algorithm 2's paper variant, the largest speed-up per N.
papbench_unit_test(kang_views_test SOURCES kang_views_test.cpp LIBS papbench_report_tables)
