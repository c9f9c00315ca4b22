# The hierarchical and dynamic-leader reduce and bcast of [Parsons2015] ch. 3 through papbench on
# virtual nodes under none, uniform, late and compute:XTIME arrivals. 8-35 s under Open MPI; 86 s
# under MPICH, whose waiting ranks spin (README, "MPICH"), hence the margin.
papbench_e2e_test(hier_collectives hier_collectives.sh TIMEOUT 240)
