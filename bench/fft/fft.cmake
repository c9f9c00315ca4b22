# The FFT mini-application (docs/FFT.md): the DIF kernel as its own library (unit-tested alone)
# and the `papbench app fft` command inside papbench_bench.
add_library(papbench_fft ${CMAKE_CURRENT_LIST_DIR}/dif_fft.cpp)
target_include_directories(papbench_fft PUBLIC ${PROJECT_SOURCE_DIR})
target_link_libraries(papbench_fft PUBLIC fmt::fmt Threads::Threads PRIVATE papbench_warnings)

target_sources(papbench_bench PRIVATE ${CMAKE_CURRENT_LIST_DIR}/fft_options.cpp
               ${CMAKE_CURRENT_LIST_DIR}/fft_case.cpp ${CMAKE_CURRENT_LIST_DIR}/app_fft_command.cpp
               ${CMAKE_CURRENT_LIST_DIR}/fft_experiment.cpp)
target_link_libraries(papbench_bench PUBLIC papbench_fft)
