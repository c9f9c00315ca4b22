# bcast/uha and allgather/uha with copyout=shared|cow through papbench: validated through the
# result view, marked mpi-semantics=no in output and params (uha_copyout.sh).
papbench_e2e_test(uha_copyout uha_copyout.sh TIMEOUT 120)
