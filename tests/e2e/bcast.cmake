# papbench tree (bcast trees and Open MPI 3.1's decision) and native:force through the CLI.
papbench_e2e_test(bcast_tree bcast_tree.sh)
papbench_e2e_test(bcast_force bcast_force.sh)
