# collectives unit tests: tables, registry consistency, v-variant block sizes, the modelled cost of
# local copies under SMPI (local_work_test.cpp). No MPI_Init: the
# tables only hold predefined handles, and constructing an algorithm communicates nothing.
papbench_unit_test(collectives_unit_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/collectives_tables_test.cpp
          ${CMAKE_CURRENT_LIST_DIR}/collectives_registry_test.cpp
          ${CMAKE_CURRENT_LIST_DIR}/local_work_test.cpp
  LIBS papbench_collectives papbench_bench)
# The registry test reads docs/ALGORITHMS.md to check it shows the registry's tables.

# The arrival orders and binomial trees of the PAP-aware scatter/gather algorithms (pure).
papbench_unit_test(pat_order_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/pat_order_test.cpp
  LIBS papbench_collectives)

# The tree between nodes of the hierarchical reduce and bcast of [Parsons2015] ch. 3 (pure).
papbench_unit_test(node_tree_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/node_tree_test.cpp
  LIBS papbench_collectives)

# Clairvoyant schedules: golden instances of [ProficzOcetkiewicz2021] and the three implementations
# cross-checked.
papbench_unit_test(clv_schedule_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/clv_schedule_test.cpp
  LIBS papbench_collectives)

# Open MPI 3.1's bcast trees, segment rules and fixed decision function (pure).
papbench_unit_test(bcast_trees_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/bcast_trees_test.cpp
          ${CMAKE_CURRENT_LIST_DIR}/bcast_decision_test.cpp
  LIBS papbench_collectives)

# The intergroup algorithms' piece and subgroup arithmetic (pure).
papbench_unit_test(intergroup_parts_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/intergroup_parts_test.cpp
  LIBS papbench_collectives)

# The node-shared waits' progress hook, which dynleader-os's landing ranks use (pure).
papbench_unit_test(spin_progress_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/spin_progress_test.cpp
  LIBS papbench_collectives)
