#!/usr/bin/env bash
# README command 2 (and CI): install what papbench needs, build it twice with warnings as errors
# (against Open MPI, the default, and against MPICH), run the whole test suite (unit, MPI and
# end-to-end tests) with Open MPI, then the MPI and end-to-end tests with MPICH, then compare a
# result set of each library.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
tools/bootstrap.sh
cmake --preset ci
cmake --build --preset ci
cmake --preset ci-mpich
cmake --build --preset ci-mpich
# Open MPI's shared-memory transport complains about small /dev/shm in containers; the vader
# fallback still works, so only the noise is silenced.
export OMPI_MCA_btl_vader_single_copy_mechanism=none
# Ranks waiting inside MPI yield their core: the suite oversubscribes 2 cores with up to 16 ranks,
# and busy-polling waiters would otherwise delay the ranks whose arrival times the known-answer
# tests check.
export OMPI_MCA_mpi_yield_when_idle=1
# The known-answer timing tests (arrival spread, sync error) need the cores for themselves; one
# retry absorbs a burst of load from outside the suite, a real regression still fails twice.
ctest --preset ci -j2 --repeat until-pass:2

# MPICH 4.0.2 (Debian, ch4:ucx) has no setting that makes a rank waiting in MPI give up its core
# (README, "MPICH"): every waiting rank spins, so a test with more ranks than cores runs up to
# 100x slower than under Open MPI. The unit tests do not touch MPI and ran above. Of the MPI and
# end-to-end tests, those that push every algorithm through a large matrix at 3-16 ranks would
# take far beyond their timeouts (collectives_native takes ~90 s at 3 ranks alone, beyond 120 s
# beside another test); under MPICH the same algorithms are covered by collectives_native at 1-2
# ranks (every algorithm, every option sample), the library's own collectives at 4, 7 and 8
# ranks (collectives_native_library) and the end-to-end runs that remain (native_collectives,
# run_and_report, the job scripts, sync_check, ...).
# Also left out: the option matrix of Clairvoyant at 3 and 5 ranks (70 s at 5) and the report
# model/table tests (they test papbench-report, which does not link MPI); and the two timing
# known-answer tests that start from an MPI barrier (late_rank_spread --sync barrier,
# replay_pap): oversubscribed, MPICH's barrier releases the ranks up to a scheduler tick (4 ms)
# apart, so the measured spread is off by that much; they run under Open MPI above.
mpich_skip='^(collectives_native\.np[3478]|reduce_clairvoyant_options\.np[358]|e2e\.pap_scatter_gather'
mpich_skip+='|e2e\.reduce_algorithms|e2e\.model_ordering|e2e\.paper_tables|e2e\.late_rank_spread'
mpich_skip+='|e2e\.replay_pap)$'
ctest --preset ci-mpich -j2 --repeat until-pass:2 -L 'mpi|e2e' -E "$mpich_skip"

# One result set from each library: papbench-report compares them and says that they differ.
PAPBENCH_OMPI_BUILD=build-ci PAPBENCH_MPICH_BUILD=build-ci-mpich tests/e2e/two_libraries.sh
