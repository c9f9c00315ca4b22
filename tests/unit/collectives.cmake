# collectives unit tests: tables, registry consistency, v-variant block sizes. No MPI_Init: the
# tables only hold predefined handles, and constructing an algorithm communicates nothing.
papbench_unit_test(collectives_unit_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/collectives_tables_test.cpp
          ${CMAKE_CURRENT_LIST_DIR}/collectives_registry_test.cpp
  LIBS papbench_collectives)
