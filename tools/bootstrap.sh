#!/usr/bin/env bash
# Installs the Debian 12 packages papbench needs. Idempotent: skips apt entirely when everything
# asked for is already installed.
#   tools/bootstrap.sh            what building and running papbench and papbench-report needs
#                                 (README command 1, tools/quickstart.sh)
#   tools/bootstrap.sh --test     also what the test suite and the jobs need: the second MPI
#                                 library, GoogleTest and Google Benchmark, clang-format, gnuplot,
#                                 the SVG and XML checkers, the HDF5 and PAPI command-line tools,
#                                 Slurm and munge, hpcc (README command 2, tools/test.sh)
#   tools/bootstrap.sh --smpi     also SimGrid (libsimgrid-dev: smpicc, smpicxx, smpirun; about
#                                 65 MB), for the simulated cluster: cmake --preset smpi (README,
#                                 "Simulated cluster (SMPI)"); tools/test.sh asks for it
#   tools/bootstrap.sh --fuzzer   also clang and its libFuzzer runtime (about 250 MB), for the
#                                 optional libFuzzer builds of tests/fuzz (-DPAPBENCH_LIBFUZZER=ON)
# A report or job step that needs a package of --test names it when it is missing (plot:
# gnuplot-nox).
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  openmpi-bin libopenmpi-dev
  libhdf5-dev libpapi-dev
  libcli11-dev libfmt-dev libboost-dev libboost-math-dev nlohmann-json3-dev
  libeigen3-dev # models/: the broadcast model's regressions (papbench-report model)
)
test_packages=(
  clang-format
  mpich libmpich-dev # second MPI library: tools/test.sh runs the MPI and end-to-end tests with it
  hdf5-tools papi-tools
  libbenchmark-dev libgtest-dev libgmock-dev
  gnuplot-nox                  # papbench-report plot renders with it
  librsvg2-bin libxml2-utils   # tests/e2e/plot.sh: rsvg-convert (SVG -> PNG), xmllint (SVG is XML)
  slurm-wlm munge # jobs/ scripts, tested against real Slurm daemons (tests/e2e/slurm_job.sh)
  hpcc # a real MPI application captured by libpapbench-capture.so (tests/e2e/capture_hpcc.sh)
  lmod # the installed modulefile, loaded with a real Lmod (tests/e2e/lmod_module.sh)
  man-db # man -l renders the generated man pages (tests/e2e/man_completion.sh)
)
for arg in "$@"; do
  case $arg in
    --test) packages+=("${test_packages[@]}") ;;
    --smpi) packages+=(libsimgrid-dev) ;;
    --fuzzer) packages+=(clang libclang-rt-14-dev) ;;
    *) echo "bootstrap: unknown option '$arg'; accepted: --test, --smpi, --fuzzer" >&2; exit 2 ;;
  esac
done

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
