# The hierarchical Patarasuk-Yuan broadcasts (patyuan-hier, patyuan-opt, patyuan-dl) through
# papbench on virtual nodes under none, uniform, late and compute:XTIME arrivals. 8 s under Open
# MPI; about 60 s under MPICH on a loaded host, whose waiting ranks spin (README, "MPICH").
papbench_e2e_test(patyuan_variants patyuan_variants.sh TIMEOUT 180)
