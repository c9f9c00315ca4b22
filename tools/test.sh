#!/usr/bin/env bash
# README command 2 (and CI): install what papbench needs, build it twice with warnings as errors
# (against Open MPI, the default, and against MPICH), run the test suite with Open MPI, then the
# MPI and end-to-end tests with MPICH, then compare a result set of each library; last, papbench
# alone built for SimGrid's SMPI runs 16 simulated ranks twice (tests/e2e/smpi_determinism.sh).
#   tools/test.sh          the quick tier and this commit's share of the full tier (tests/tiers.cmake)
#   tools/test.sh --full   every test
# It ends with the time of each stage, the 15 slowest tests and the tests that needed their retry.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
source tools/test-lib.sh

full=0
case ${1:-} in
  --full) full=1 ;;
  "") ;;
  *) echo "tools/test.sh: unknown option '$1'; accepted: --full" >&2; exit 2 ;;
esac
# The full tier in shares: N consecutive commits run all of it (PAPBENCH_TEST_SHARES overrides N;
# the commit count picks the share, so a rerun of one commit runs the same tests).
shares=${PAPBENCH_TEST_SHARES:-3}
commits=$(git rev-list --count HEAD 2>/dev/null || echo 0)
rotation="$((commits % shares))/$shares"
if ((full)); then
  labels='unit|quick|full'
  echo "test.sh: every test (--full)"
else
  labels='unit|quick|rotation'
  echo "test.sh: the quick tier and share $rotation of the full tier (tools/test.sh --full: all)"
fi

stage bootstrap
tools/bootstrap.sh --test --smpi
stage "build (Open MPI)"
cmake --preset ci -DPAPBENCH_TEST_ROTATION="$rotation"
cmake --build --preset ci
stage "build (MPICH)"
# papbench-report does not link MPI: the MPICH build's tests use the one built above.
cmake --preset ci-mpich -DPAPBENCH_TEST_ROTATION="$rotation" \
  -DPAPBENCH_REPORT_EXECUTABLE="$root/build-ci/tools/papbench-report"
cmake --build --preset ci-mpich
# Open MPI's shared-memory transport complains about small /dev/shm in containers; the vader
# fallback still works, so only the noise is silenced.
export OMPI_MCA_btl_vader_single_copy_mechanism=none
# Ranks waiting inside MPI yield their core: the suite oversubscribes 2 cores with up to 16 ranks,
# and busy-polling waiters would otherwise delay the ranks whose arrival times the known-answer
# tests check.
export OMPI_MCA_mpi_yield_when_idle=1
stage "tests (Open MPI)"
run_ctest ompi --preset ci -j2 -L "$labels"

# MPICH 4.0.2 (Debian, ch4:ucx) has no setting that makes a rank waiting in MPI give up its core
# (README, "MPICH"): every waiting rank spins, so a test with more ranks than cores runs up to
# 100x slower than under Open MPI (bcast_algorithms takes 260 s at 16 ranks, 45 s at 8). The unit
# tests do not touch MPI and ran above. Under MPICH run the MPI tests at 1-4 ranks and the
# end-to-end tests; the same algorithms at more ranks ran under Open MPI above. Of those, also left
# out: the large matrices at 3-4 ranks (collectives_native takes ~90 s at 3 ranks alone; under
# MPICH every algorithm and option sample is covered at 1-2 ranks, the library's own collectives
# at 4 by collectives_native_library), the option matrix of Clairvoyant at 3 ranks, the report
# model/table tests (they test papbench-report, which does not link MPI), and the two timing
# known-answer tests that start from an MPI barrier (late_rank_spread --sync barrier, replay_pap):
# oversubscribed, MPICH's barrier releases the ranks up to a scheduler tick (4 ms) apart, so the
# measured spread is off by that much; they run under Open MPI above.
# Also the paper plots (they test papbench-report's rendering, which does not depend on the MPI
# library of the runs it draws; 26 s under MPICH).
mpich_skip='^(.*\.np([5-9]|[1-9][0-9])|collectives_native\.np[34]|reduce_clairvoyant_options\.np3'
mpich_skip+='|e2e\.pap_scatter_gather|e2e\.reduce_algorithms|e2e\.model_ordering|e2e\.paper_tables'
mpich_skip+='|e2e\.late_rank_spread|e2e\.replay_pap|e2e\.plot_papers'
# The UHA's matrix on virtual nodes at 4 ranks (uha_ppn2/3/4.np4: the int/sum slice alone took
# 113 s under MPICH by hand; the full matrix runs at 1-2 ranks here), the aware collectives' e2e
# test (7 ranks; their ctest entries run at 4 here) and the Parsons tables (papbench-report).
mpich_skip+='|uha_ppn[234]\.np4|e2e\.aware_collectives|e2e\.parsons_tables'
# The copy-out methods shared/cow at 4 ranks (uha_copyout.np4: 47 s under MPICH on the loaded
# machine, 2.5 s under Open MPI); np1, np2 and their e2e test (4 ranks) run here.
mpich_skip+='|uha_copyout\.np4'
# pat_run_*: written for the ThreadSanitizer stage (Open MPI); not yet timed under MPICH, where
# the PAT thread and the foreground both busy-poll on 2 cores.
mpich_skip+='|pat_run_[a-z]+\.np[0-9]+'
# The intergroup matrix at 3 ranks (47 s under MPICH; 2 ranks here, 2-8 under Open MPI), and the
# end-to-end tests of what does not link MPI or does not depend on its library: the report's
# views and plots, the Slurm and PBS scripts.
mpich_skip+='|intergroup_algorithms\.np3|e2e\.kang_report|e2e\.plot|e2e\.slurm_job|e2e\.pbs_job'
mpich_skip+='|e2e\.submit_paper|e2e\.report\..*'
# The cluster user's build and install (e2e.cluster_install): a whole build of papbench, 170 s;
# run under MPICH by hand (MPI_C_COMPILER=mpicc.mpich MPIEXEC=mpiexec.mpich, issue 42's note).
mpich_skip+='|e2e\.cluster_install'
# README's first experiment is written for Open MPI (mpiexec --oversubscribe). The man pages and
# completion do not depend on the MPI library, and this build makes no papbench-report(1).
mpich_skip+='|e2e\.readme_first|e2e\.man_completion'
# The 5 us known answer of clock sync at 4 ranks: a busy-polling partner that is descheduled holds
# each ping-pong for a time slice, and the cleanest of the exchanges still erred by 403 us (bound
# held); the same check runs here at 1-2 ranks, and the median and per-node variants at 4.
mpich_skip+='|clocksync_known_answer\.np4)$'
stage "tests (MPICH)"
# The MPI tests above, and the end-to-end tests in the same shares as the full tier (ctest -I: every
# Nth test from the Kth), so N consecutive commits run each under MPICH too; --full runs them all.
mpich_e2e=()
((full)) || mpich_e2e=(-I "$((commits % shares + 1)),,$shares")
# The MPI tests at 3-4 ranks too take turns under MPICH: there every waiting rank spins, so each
# takes 4-14 s against 0.5-3 s under Open MPI (which runs them all every time, above), and they were
# 30 of its 58 MPI tests and most of its time. The shares are every Nth of them in ctest's order;
# the tests at 1-2 ranks run every time.
mpich_mpi_skip=$mpich_skip
if ((!full)); then
  mapfile -t mpich_np34 < <(ctest --preset ci-mpich -N -L mpi -L "$labels" -E "$mpich_skip" |
    sed -nE 's/^ *Test +#[0-9]+: ([^ ]+\.np[34])$/\1/p')
  not_this_share=()
  for i in "${!mpich_np34[@]}"; do
    ((i % shares == commits % shares)) || not_this_share+=("${mpich_np34[i]//./\\.}")
  done
  if ((${#not_this_share[@]})); then
    mpich_mpi_skip+="|^($(IFS='|' && echo "${not_this_share[*]}"))\$"
  fi
fi
run_ctest mpich-mpi --preset ci-mpich -j2 -L mpi -L "$labels" -E "$mpich_mpi_skip"
run_ctest mpich-e2e --preset ci-mpich -j2 -L e2e -L "$labels" -E "$mpich_skip" "${mpich_e2e[@]}"

# One result set from each library: papbench-report compares them and says that they differ.
stage "two libraries"
PAPBENCH_OMPI_BUILD=build-ci PAPBENCH_MPICH_BUILD=build-ci-mpich tests/e2e/two_libraries.sh

# The simulated cluster (issue 44): papbench alone built with SimGrid's wrappers at -O0 (preset
# ci-smpi: no simulated time depends on the host's speed; the report tool is build-ci's), then the
# same seed twice at 16 simulated ranks, and every platform of jobs/platforms/ against the latency
# and bandwidth docs/PLATFORMS.md states (e2e.calibrate_platform with this build).
stage "SMPI"
cmake --preset ci-smpi
cmake --build --preset ci-smpi
PAPBENCH_SMPI_BUILD=build-ci-smpi PAPBENCH_REPORT=build-ci/tools/papbench-report \
  tests/e2e/smpi_determinism.sh
export PAPBENCH_SMPI=$root/build-ci-smpi/bench/papbench
run_ctest smpi-platforms --preset ci -R '^e2e\.calibrate_platform$'
unset PAPBENCH_SMPI

summary
