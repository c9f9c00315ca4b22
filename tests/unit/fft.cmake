# The FFT mini-application's DIF kernel (bench/fft/dif_fft).
papbench_unit_test(fft_dif_test THREADS SOURCES fft_dif_test.cpp LIBS papbench_fft)
# `app = fft` experiment files: parsing (bench/run/experiment_file) and options (bench/fft).
papbench_unit_test(fft_experiment_test SOURCES fft_experiment_test.cpp LIBS papbench_bench)
