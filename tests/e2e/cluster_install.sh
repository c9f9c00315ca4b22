#!/usr/bin/env bash
# tests/e2e/cluster_install.sh: issue 42's cluster user, end to end. An unprivileged user (nobody)
# on a machine that has the compiler, CMake, MPI and HDF5 and none of papbench's other
# dependencies configures papbench with the dependencies' sources in PAPBENCH_DEPS_DIR (the
# offline path of cmake/papbench_dependencies.cmake), builds it with tests and micro-benchmarks
# off, installs it into a prefix and deletes the build tree. Then, from the install alone:
# `papbench --version`, a 4-rank run and its `papbench-report summary`, the job script of a
# Slurm allocation (jobs/run-experiment.sh) and jobs/report.sh finding bin/ from share/papbench,
# find_package(papbench) for the capture library, and the Lmod module (lmod_module.sh).
#
# "None of the other dependencies": in a private mount namespace their headers under
# /usr/include are covered by empty folders and find_package is told not to look
# (CMAKE_DISABLE_FIND_PACKAGE_<Name>), so a build that still reached Debian's copies would fail.
# The deps folder holds copies of those same Debian headers, laid out as the unpacked source
# folders docs/INSTALL.md describes (no test can download the pinned archives).
#
# Needs root (mount namespace, then setpriv to nobody): exit 77 otherwise. Environment: SOURCE_DIR,
# CMAKE, CMAKE_GENERATOR, MPI_C_COMPILER (the MPI of this build), MPIEXEC (program and flags);
# PAPBENCH_CLUSTER_INSTALL_KEEP=DIR keeps the work folder there (for timing the build by hand).
set -euo pipefail
: "${SOURCE_DIR:?}" "${CMAKE:?}" "${CMAKE_GENERATOR:?}" "${MPI_C_COMPILER:?}" "${MPIEXEC:?}"
fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "SKIP: $*"; exit 77; }

if [[ -z ${PAPBENCH_IN_NAMESPACE:-} ]]; then
  [[ $(id -u) == 0 ]] || skip "needs root: a mount namespace hides the packages, then the build runs as nobody"
  command -v unshare >/dev/null && command -v setpriv >/dev/null || skip "needs unshare and setpriv (util-linux)"
  unshare -m true 2>/dev/null || skip "unshare -m is not permitted here"
  exec unshare -m --propagation private env PAPBENCH_IN_NAMESPACE=1 bash "$0" "$@"
fi

work=${PAPBENCH_CLUSTER_INSTALL_KEEP:-$(mktemp -d "${TMPDIR:-/tmp}/papbench-cluster.XXXXXX")}
# --one-file-system: never through a mount into what it covers.
[[ -n ${PAPBENCH_CLUSTER_INSTALL_KEEP:-} ]] || trap 'rm -rf --one-file-system "$work"' EXIT
mkdir -p "$work"/{deps,home,tmp,run}
chmod 755 "$work"

# The deps folder: the layout docs/INSTALL.md gives for unpacked sources (NAME/ with the include
# folder the library's own archive has). Copies (2 s), not bind mounts: a bind mount would let the
# clean-up's rm reach the system's own headers.
declare -A from=(
  [cli11/include/CLI]=/usr/include/CLI [fmt/include/fmt]=/usr/include/fmt
  [nlohmann_json/include/nlohmann]=/usr/include/nlohmann [eigen]=/usr/include/eigen3
  [boost/boost]=/usr/include/boost)
for dest in "${!from[@]}"; do
  [[ -d ${from[$dest]} ]] || skip "${from[$dest]} is missing (tools/bootstrap.sh installs it)"
  mkdir -p "$(dirname "$work/deps/$dest")"
  cp -r "${from[$dest]}" "$work/deps/$dest"
done
# ... and the system's copies covered: the headers, and GoogleTest's and Google Benchmark's too
# (tests and micro-benchmarks are off: a build that needed them would fail).
for dir in /usr/include/{CLI,fmt,nlohmann,eigen3,boost,gtest,gmock,benchmark}; do
  if [[ -d $dir ]]; then mount -t tmpfs -o ro,size=16k,mode=755 papbench-hidden "$dir"; fi
done
[[ ! -e /usr/include/fmt/core.h ]] || fail "could not hide /usr/include/fmt"

chown -R 65534:65534 "$work"/{home,tmp,run}
mkdir "$work/build" "$work/prefix" && chown 65534:65534 "$work/build" "$work/prefix"
as_user() {  # COMMAND...: as nobody, with a login's bare environment
  setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
    env -i HOME="$work/home" TMPDIR="$work/tmp" PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 "$@"
}

disabled=()
for name in CLI11 fmt nlohmann_json Eigen3 Boost GTest benchmark; do
  disabled+=("-DCMAKE_DISABLE_FIND_PACKAGE_$name=ON")
done
# No build type (no -O): the fastest build, and a papbench that says so in --version.
start=$(date +%s)
as_user "$CMAKE" -S "$SOURCE_DIR" -B "$work/build" -G "$CMAKE_GENERATOR" \
  -DPAPBENCH_BUILD_TESTS=OFF -DPAPBENCH_BUILD_MICRO=OFF -DPAPBENCH_DEPS_DIR="$work/deps" \
  -DCMAKE_INSTALL_PREFIX="$work/prefix" -DMPI_C_COMPILER="$MPI_C_COMPILER" "${disabled[@]}" >"$work/configure.txt" 2>&1 ||
  { cat "$work/configure.txt" >&2; fail "configure failed"; }
for line in "CLI11 not found; using 2.3.2 from $work/deps/cli11/" \
            "fmt not found; using 9.1.0 from $work/deps/fmt/" \
            "nlohmann_json not found; using 3.11.2 from $work/deps/nlohmann_json/" \
            "Eigen3 not found; using 3.4.0 from $work/deps/eigen/" \
            "Boost not found; using 1.83.0 from $work/deps/boost/"; do
  grep -qF -- "papbench: $line" "$work/configure.txt" ||
    { cat "$work/configure.txt" >&2; fail "configure did not say '$line'"; }
done
configured=$(date +%s)
# At the lowest priority: ctest runs this test beside others (tests/e2e/timed.cmake), whose MPI
# ranks yield their core while they wait and would otherwise wait a time slice of a compiler for
# every message; so the build takes the CPU they leave idle. What is built is the user's `all`.
as_user nice -n 19 "$CMAKE" --build "$work/build" >"$work/build.txt" 2>&1 ||
  { tail -n 40 "$work/build.txt" >&2; fail "build failed"; }
built=$(date +%s)
as_user "$CMAKE" --install "$work/build" >"$work/install.txt" 2>&1 ||
  { cat "$work/install.txt" >&2; fail "install failed"; }
echo "cluster_install: configure $((configured - start)) s, build $((built - configured)) s (no build type)"
rm -rf "$work/build"

prefix=$work/prefix
for f in bin/papbench bin/papbench-report share/man/man1/papbench.1 \
         share/bash-completion/completions/papbench share/papbench/jobs/run-experiment.sh \
         share/papbench/jobs/find-program.sh share/papbench/jobs/slurm/papbench.sbatch \
         share/papbench/jobs/experiments/core-smoke.exp share/papbench/tools/emulated-cluster.sh \
         share/doc/papbench/README.md; do
  [[ -e $prefix/$f ]] || fail "the install lacks $f"
done
capture=$(find "$prefix" -name libpapbench-capture.so)
[[ -n $capture ]] || fail "the install lacks libpapbench-capture.so"

cd "$work/run"
as_user "$prefix/bin/papbench" --version >version.txt 2>&1 || { cat version.txt >&2; fail "--version failed"; }
grep -q "papbench 0\." version.txt || { cat version.txt >&2; fail "--version names no version"; }

read -r mpiexec mpiexec_flags <<<"$MPIEXEC"
# shellcheck disable=SC2086 # the flags are words
as_user bash -c "cd '$work/run' && '$mpiexec' $mpiexec_flags -n 4 '$prefix/bin/papbench' \
  --collective reduce --count 1Ki --iters 10 --warmup 1 --arrival-tolerance off --out run.h5" \
  >run.txt 2>&1 || { cat run.txt >&2; fail "a 4-rank run of the installed papbench failed"; }
as_user "$prefix/bin/papbench-report" summary "$work/run/run.h5" >summary.txt 2>&1 ||
  { cat summary.txt >&2; fail "papbench-report summary failed"; }
grep -Eq "^ +run time +[0-9.]+ [mun]?s" summary.txt || { cat summary.txt >&2; fail "the summary has no run time"; }

# papbench capture finds the installed LIBDIR/libpapbench-capture.so from bin/ by itself.
cat >app.c <<'EOF'
#include <mpi.h>
int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int one = 1, sum = 0;
  for (int i = 0; i < 5; ++i) MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return sum == 2 ? 0 : 1;
}
EOF
chown 65534:65534 app.c
as_user "$MPI_C_COMPILER" -o "$work/run/app" "$work/run/app.c" >app.txt 2>&1 ||
  { cat app.txt >&2; fail "mpicc could not build the capture's test application"; }
as_user bash -c "cd '$work/run' && '$mpiexec' $mpiexec_flags -n 2 '$prefix/bin/papbench' capture \
  --out app.h5 -- ./app" >capture.txt 2>&1 || { cat capture.txt >&2; fail "papbench capture failed"; }
as_user "$prefix/bin/papbench-report" pap "$work/run/app.h5" >pap.txt 2>&1 ||
  { cat pap.txt >&2; fail "papbench-report pap of the capture failed"; }
grep -qi "allreduce" pap.txt || { cat pap.txt >&2; fail "the capture recorded no MPI_Allreduce"; }

# The job script as a Slurm allocation of one node runs it: papbench is not on PATH, so it is found
# from share/papbench (jobs/find-program.sh); then jobs/report.sh the same way.
echo localhost >nodes.txt
as_user env PAPBENCH_SCHEDULER=slurm PAPBENCH_JOB_ID=42 PAPBENCH_NODEFILE="$work/run/nodes.txt" \
  PAPBENCH_SLOTS_PER_NODE=2 PAPBENCH_QUICK=1 PAPBENCH_RESULTS="$work/run/results" \
  PAPBENCH_MPIEXEC="$mpiexec" PAPBENCH_MPIEXEC_FLAGS="$mpiexec_flags" PAPBENCH_BIND=none \
  bash "$prefix/share/papbench/jobs/run-experiment.sh" \
  "$prefix/share/papbench/jobs/experiments/core-smoke.exp" >job.txt 2>&1 ||
  { cat job.txt >&2; fail "jobs/run-experiment.sh of the install failed"; }
job_dir=$(dirname "$(find "$work/run/results" -name result.h5 | head -n 1)")
[[ -n $job_dir ]] || { cat job.txt >&2; fail "the job wrote no result.h5"; }
grep -qF "$prefix/bin/papbench" "$job_dir/command.txt" ||
  { cat "$job_dir/command.txt" >&2; fail "the job did not run $prefix/bin/papbench"; }
as_user env PAPBENCH_PLOTS=0 bash "$prefix/share/papbench/jobs/report.sh" "$job_dir" >report.txt 2>&1 ||
  { cat report.txt >&2; fail "jobs/report.sh of the install failed"; }
grep -q "reduce/native" report.txt || { cat report.txt >&2; fail "jobs/report.sh printed no summary"; }

# find_package(papbench): what a program that links the capture library would write.
mkdir consumer
cat >consumer/CMakeLists.txt <<'EOF'
cmake_minimum_required(VERSION 3.25)
project(consumer LANGUAGES C)
find_package(papbench 0.1 REQUIRED)
get_target_property(location papbench::capture LOCATION)
message(STATUS "capture library: ${location}")
EOF
chown -R 65534:65534 consumer
as_user "$CMAKE" -S "$work/run/consumer" -B "$work/run/consumer/build" \
  -DCMAKE_PREFIX_PATH="$prefix" >consumer.txt 2>&1 || { cat consumer.txt >&2; fail "find_package(papbench) failed"; }
grep -qF "capture library: $capture" consumer.txt || { cat consumer.txt >&2; fail "papbench::capture is not $capture"; }

# The Lmod module, as the same user (77 where Lmod is missing: that part only is skipped).
set +e
as_user bash "$SOURCE_DIR/tests/e2e/lmod_module.sh" "$prefix" >lmod.txt 2>&1
lmod=$?
set -e
case $lmod in
  0) ;;
  77) echo "cluster_install: the Lmod check skipped: $(tail -n 1 lmod.txt)" ;;
  *) cat lmod.txt >&2; fail "tests/e2e/lmod_module.sh $prefix failed" ;;
esac
echo "cluster_install: ok"
