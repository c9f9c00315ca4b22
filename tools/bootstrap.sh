#!/usr/bin/env bash
# Installs every Debian 12 package papbench needs to build, test and run.
# Idempotent: skips apt entirely when everything is already installed.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git clang-format
  openmpi-bin libopenmpi-dev
  mpich libmpich-dev # second MPI library: tools/test.sh runs the MPI and end-to-end tests with it
  libhdf5-dev hdf5-tools
  libpapi-dev papi-tools
  libbenchmark-dev libgtest-dev libgmock-dev
  libcli11-dev libfmt-dev libboost-dev libboost-math-dev nlohmann-json3-dev
  libeigen3-dev                # models/: the broadcast model's regressions
  gnuplot-nox                  # papbench-report plot renders with it
  librsvg2-bin libxml2-utils   # tests/e2e/plot.sh: rsvg-convert (SVG -> PNG), xmllint (SVG is XML)
  slurm-wlm munge # jobs/ scripts, tested against real Slurm daemons (tests/e2e/slurm_job.sh)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  echo "bootstrap: all ${#packages[@]} packages already installed"
  exit 0
fi

echo "bootstrap: installing ${missing[*]}"
sudo=""
if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
