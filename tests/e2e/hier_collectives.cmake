# The hierarchical and dynamic-leader reduce and bcast of [Parsons2015] ch. 3 through papbench on
# virtual nodes under none, uniform, late and compute:XTIME arrivals.
papbench_e2e_test(hier_collectives hier_collectives.sh TIMEOUT 120)
