#!/usr/bin/env bash
# README command 2 (and CI): install what papbench needs, build with warnings as errors, and run
# the whole test suite (unit, MPI and end-to-end tests) with ctest.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
tools/bootstrap.sh
cmake --preset ci
cmake --build --preset ci
# Open MPI's shared-memory transport complains about small /dev/shm in containers; the vader
# fallback still works, so only the noise is silenced.
export OMPI_MCA_btl_vader_single_copy_mechanism=none
ctest --preset ci -j2
