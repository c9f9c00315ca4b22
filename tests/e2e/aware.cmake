# bcast/patyuan and alltoall/a2a-aware(-barrier) ([Parsons2015] ch. 3) through papbench on
# uneven virtual nodes under every arrival pattern kind (tests/e2e/aware_collectives.sh).
papbench_e2e_test(aware_collectives aware_collectives.sh TIMEOUT 180)
