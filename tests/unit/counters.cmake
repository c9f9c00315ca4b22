papbench_unit_test(counter_set_test SOURCES counter_set_test.cpp LIBS papbench_counters)
# CounterSet compiled against a stand-in libpapi: PAPI's answers this VM cannot give (a granted
# domain, a failing start or stop, empty-region counts). Needs only papi.h.
if(PAPBENCH_WITH_PAPI)
  papbench_unit_test(counter_set_fake_papi_test STANDALONE
    SOURCES counter_set_fake_papi_test.cpp fake_papi.cpp ${PROJECT_SOURCE_DIR}/counters/counter_set.cpp
    LIBS papbench_common)
  target_include_directories(counter_set_fake_papi_test PRIVATE ${PROJECT_SOURCE_DIR})
  target_compile_definitions(counter_set_fake_papi_test PRIVATE PAPBENCH_HAVE_PAPI=1)
endif()
