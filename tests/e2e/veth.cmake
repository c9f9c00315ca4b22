# The opt-in two-"host" check (tests/e2e/veth_two_hosts.sh, tools/veth-two-hosts.sh): it needs
# root and creates network namespaces and a veth pair, so it is registered only on request.
option(PAPBENCH_VETH_TESTS
       "Register e2e.veth_two_hosts: UHA allgathers across two network namespaces (root)" OFF)
if(PAPBENCH_VETH_TESTS)
  papbench_e2e_test(veth_two_hosts veth_two_hosts.sh TIMEOUT 240)
  # Serial: mpiexec's daemons and the veth link share the 2 cores with nothing else.
  set_tests_properties(e2e.veth_two_hosts PROPERTIES SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)
endif()
# The emulated cluster (tools/emulated-cluster.sh): registered everywhere, it skips (77) with the
# reason where it is not root or namespaces, bridges or tc are missing; CI runs as root. Serial:
# its calibration measures a shaped link's bandwidth.
papbench_e2e_test(emulated_cluster emulated_cluster.sh TIMEOUT 240)
set_tests_properties(e2e.emulated_cluster PROPERTIES SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)
