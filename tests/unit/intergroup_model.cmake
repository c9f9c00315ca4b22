# [Kang2019]'s Eqs. (1)-(5) against the paper's convergence values and hand-worked shapes (pure).
papbench_unit_test(intergroup_model_test SOURCES intergroup_model_test.cpp LIBS papbench_models)
