# papbench --setting ([Kang2019] S1-S8) end to end: cases, params, per-node counts, conflicts,
# resume and the kang-fig views over its output (intergroup_settings.sh).
papbench_e2e_test(intergroup_settings intergroup_settings.sh TIMEOUT 180)
