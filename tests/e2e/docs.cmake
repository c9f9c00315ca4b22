# The man pages and bash completion (cmake/papbench_docs.cmake): they render with man, complete
# papbench's collectives and algorithms, and equal what the built programs print now. Skipped
# (77) where man is not installed.
if(TARGET papbench_docs)
  papbench_e2e_test(man_completion man_completion.sh TIMEOUT 60)
  set_tests_properties(e2e.man_completion PROPERTIES SKIP_RETURN_CODE 77)
endif()
