# The FFT mini-application and its Table 5 view (docs/FFT.md).
papbench_e2e_test(fft_table5 fft_table5.sh)
