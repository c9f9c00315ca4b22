# The cluster job scripts (jobs/): a real single-node Slurm (skipped, exit 77, when not root or
# Slurm is not installed) and the PBS script under an emulated PBS environment.
papbench_e2e_test(slurm_job slurm_job.sh TIMEOUT 300)
set_tests_properties(e2e.slurm_job PROPERTIES SKIP_RETURN_CODE 77 RUN_SERIAL TRUE)
papbench_e2e_test(pbs_job pbs_job.sh)
papbench_e2e_test(submit_paper submit_paper.sh)
# Issue 43: the experiment files' --quick variants give full rows with more ranks than cores.
papbench_e2e_test(quick_full_rows quick_full_rows.sh)
# Issue 44 item 2: jobs/calibrate-platform.sh's argument checks; with PAPBENCH_SMPI set (an SMPI
# build) and smpirun on PATH, every jobs/platforms/*.xml against docs/PLATFORMS.md's figures.
papbench_e2e_test(calibrate_platform calibrate_platform.sh)
