# The one-sided dynamic-leader reduce and bcast (dynleader-os) through papbench on virtual nodes
# under none, uniform, late and compute:XTIME arrivals.
# 4 runs of 10 cases: about 40 s under MPICH on a loaded host, hence more than 60 s.
papbench_e2e_test(dynleader_os dynleader_os.sh TIMEOUT 120)
