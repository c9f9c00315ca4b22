# Algorithm options and PAT prediction (issues #3/#4): the SMA and edge predictors, the
# --pat-source names and reduce/clairvoyant's options, without MPI.
papbench_unit_test(pat_prediction_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/pat_prediction_test.cpp
  LIBS papbench_collectives)
