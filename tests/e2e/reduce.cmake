# Reduce algorithms of [ProficzOcetkiewicz2021] (baselines and Clairvoyant) through papbench at
# many P and roots.
papbench_e2e_test(reduce_algorithms reduce_algorithms.sh TIMEOUT 400)
