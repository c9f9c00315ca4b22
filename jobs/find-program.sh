# Sourced by the job scripts (run-experiment.sh, report.sh, reproduce-emulated.sh) and
# tools/emulated-cluster.sh: where papbench and papbench-report are, the same way for a source
# checkout and for an install, whose scripts live in PREFIX/share/papbench (issue 42).
# papbench_program NAME BUILD_PATH HOME prints the first of
#   HOME/build/BUILD_PATH, HOME/build-dev/BUILD_PATH   HOME is a checkout (tools/quickstart.sh)
#   HOME/../../bin/NAME                               HOME is an install's PREFIX/share/papbench
#   NAME on PATH                                      a loaded module, a Spack view, a prefix
# and returns 1 when none is there; the caller names its own override variable in the error.
papbench_program() {
  local name=$1 build_path=$2 home=$3
  local candidate
  for candidate in "$home/build/$build_path" "$home/build-dev/$build_path"; do
    if [[ -x $candidate ]]; then
      echo "$candidate"
      return 0
    fi
  done
  # Only for an install's layout: in a checkout, HOME/../../bin is some unrelated folder.
  if [[ $home == */share/papbench && -x $home/../../bin/$name ]]; then
    (cd "$home/../../bin" && echo "$PWD/$name")
    return 0
  fi
  command -v "$name"
}
