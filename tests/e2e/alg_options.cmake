# Algorithm options, --pat-source and --bg-thread from the command line to the result file.
papbench_e2e_test(alg_options alg_options.sh TIMEOUT 240)
