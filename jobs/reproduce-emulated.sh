#!/usr/bin/env bash
# Reproduces the papers' network-bound trends on an emulated cluster on this machine (issue 29):
# runs every jobs/experiments/*-emulated.exp through tools/emulated-cluster.sh (N hosts behind
# 1 Gbit/s links, N and the ranks per host from the file's `nodes` and `ppn`; a `nodes` list is
# one run per value), then writes a report directory:
#   results/*.h5          the result sets (results/FILE[-N].h5)
#   tables/NAME.md        papbench-report table NAME over the result sets that list NAME in
#                         their file's `tables`, as markdown (paper value, ours, verdict per row)
#   tables/nuriyev2022-model-bcast.md  papbench-report model bcast (Tables 1-3)
#   plots/NAME.svg        papbench-report plot NAME, where that view exists
#   verdicts.txt          papbench-report table --verdicts: per paper artefact, rows agreeing
#                         in sign / rows with a verdict
#   runtime.txt           seconds per experiment file, and the total
#
# Usage: jobs/reproduce-emulated.sh [--quick] [--out DIR] [--only REGEX]
#   --quick      each file's quick variant, and only the `nodes` values up to 4 (the whole
#                reproduction in about 30 minutes on a 2-core machine)
#   --out DIR    the report directory (default reproduce-emulated-YYYYmmdd-HHMMSS; must not exist)
#   --only REGEX only the experiment files whose name matches (a partial reproduction)
# Environment: PAPBENCH, PAPBENCH_REPORT (default build/bench/papbench,
# build/tools/papbench-report, then PATH), EMULATED_CLUSTER_ARGS (more tools/emulated-cluster.sh
# options, e.g. "--link 100mbit"), RUN_TIMEOUT (seconds per run, default 1800).
# Needs what tools/emulated-cluster.sh needs (root, namespaces, tc); exits 77 when it skips, 2 for
# a bad option, 1 when a run or a view fails (the rest still run; the report names the failures).
set -euo pipefail

home=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
quick=0 out="" only=""
usage_error() { echo "reproduce-emulated: $*" >&2; exit 2; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --quick) quick=1; shift ;;
    --out) [[ $# -ge 2 ]] || usage_error "--out needs a directory"; out=$2; shift 2 ;;
    --only) [[ $# -ge 2 ]] || usage_error "--only needs a regular expression"; only=$2; shift 2 ;;
    -h|--help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) usage_error "unknown argument '$1'; accepted: --quick, --out DIR, --only REGEX (see --help)" ;;
  esac
done
out=${out:-reproduce-emulated-$(date -u +%Y%m%d-%H%M%S)}
[[ ! -e $out ]] || usage_error "--out: '$out' exists; name a new directory"

source "$home/jobs/find-program.sh"
find_program() {  # NAME BUILD_PATH
  papbench_program "$1" "$2" "$home" ||
    { echo "reproduce-emulated: cannot find $1: build it, put it on PATH, or set ${1^^}" >&2; exit 2; }
}
papbench=$(realpath "${PAPBENCH:-$(find_program papbench bench/papbench)}")
report=$(realpath "${PAPBENCH_REPORT:-$(find_program papbench-report tools/papbench-report)}")
read -r -a cluster_args <<<"${EMULATED_CLUSTER_ARGS:-}"
timeout_s=${RUN_TIMEOUT:-1800}

# The order matters: the trace before the file that replays it.
files=(
  proficz2020-table3-emulated proficz2020-table4-emulated proficz2021-fig10-emulated
  parsons2015-table2.1-allgather-emulated parsons2015-table2.1-reduce-scatter-emulated
  parsons2015-table2.1-scatter-emulated parsons2015-trace-emulated
  parsons2015-reduce-imbalance-emulated kang2019-fig4-emulated
  nuriyev2022-table1-gamma-emulated nuriyev2022-table1-gamma-shm-emulated
  nuriyev2022-table2-emulated nuriyev2022-fig9-emulated
)
key() {  # FILE KEY -> the value of `KEY = value` in FILE, empty when absent
  sed -n "s/^$2[[:space:]]*=[[:space:]]*//p" "$1" | head -n 1
}

mkdir -p "$out/results" "$out/tables" "$out/plots"
out=$(realpath "$out")
failures=()
declare -A table_files  # view -> result sets
total_start=$SECONDS
printf '%-45s %8s\n' "experiment file (hosts x ranks)" seconds | tee "$out/runtime.txt"
for name in "${files[@]}"; do
  [[ -z $only || $name =~ $only ]] || continue
  exp=$home/jobs/experiments/$name.exp
  ppn=$(key "$exp" ppn)
  IFS=, read -r -a node_list <<<"$(key "$exp" nodes)"
  for hosts in "${node_list[@]}"; do
    ((quick == 0 || hosts <= 4)) || continue
    result=$name
    ((${#node_list[@]} > 1)) && result+=-$hosts
    # The chapter-3 files replay parsons2015-trace-{P}.h5 from the working directory.
    [[ $name == parsons2015-trace-emulated ]] && result=parsons2015-trace-$((hosts * ppn))
    args=(--experiment "$exp" --out "$out/results/$result.h5")
    ((quick)) && args+=(--quick)
    # More ranks than cores: the sleeping ranks miss their planned arrivals by up to milliseconds,
    # and the default --arrival-tolerance (5 us at no planned delay) would leave out nearly every
    # iteration of the rows without delay, and with them their verdicts (README,
    # --arrival-tolerance). Such a run keeps every iteration, and says so in its log.
    if ((hosts * ppn > $(nproc))); then
      args+=(--arrival-tolerance off)
      echo "reproduce-emulated: $((hosts * ppn)) ranks on $(nproc) cores: --arrival-tolerance off" \
        >"$out/results/$result.note"
    fi
    start=$SECONDS
    rc=0
    (cd "$out/results" && timeout "$timeout_s" "$home/tools/emulated-cluster.sh" \
      --hosts "$hosts" --per-host "$ppn" "${cluster_args[@]}" -- "$papbench" "${args[@]}") \
      >"$out/results/$result.log" 2>&1 || rc=$?
    ((rc == 77)) && { grep SKIP "$out/results/$result.log"; exit 77; }
    ((rc == 0)) || failures+=("$result: exit $rc (results/$result.log)")
    printf '%-45s %8d%s\n' "$result (${hosts}x$ppn)" $((SECONDS - start)) \
      "$( ((rc == 0)) || echo "  FAILED, exit $rc")" | tee -a "$out/runtime.txt"
    if ((rc == 0)); then
      IFS=, read -r -a views <<<"$(key "$exp" tables)"
      for v in "${views[@]}"; do table_files[$v]+="$out/results/$result.h5 "; done
    fi
  done
done
printf '%-45s %8d\n' total $((SECONDS - total_start)) | tee -a "$out/runtime.txt"

# Tables, plots and verdicts from what ran.
for v in "${!table_files[@]}"; do
  read -r -a inputs <<<"${table_files[$v]}"
  "$report" table "$v" "${inputs[@]}" --format markdown >"$out/tables/$v.md" 2>"$out/tables/$v.err" ||
    failures+=("table $v (tables/$v.err)")
  if "$report" plot --list 2>/dev/null | grep -q "^$v "; then
    # It says "wrote FILE" on stderr: keep that only when it failed.
    if "$report" plot "$v" "${inputs[@]}" --out "$out/plots/$v.svg" --force 2>"$out/plots/$v.err"; then
      rm -f "$out/plots/$v.err"
    else
      failures+=("plot $v (plots/$v.err)")
    fi
  fi
done
mapfile -t nuriyev < <(find "$out/results" -name 'nuriyev2022-*.h5' | sort)
if ((${#nuriyev[@]} > 0)); then
  "$report" model bcast "${nuriyev[@]}" --format markdown \
    >"$out/tables/nuriyev2022-model-bcast.md" 2>"$out/tables/nuriyev2022-model-bcast.err" ||
    failures+=("model bcast (tables/nuriyev2022-model-bcast.err)")
fi
mapfile -t all < <(find "$out/results" -name '*.h5' ! -name 'parsons2015-trace-*' | sort)
if ((${#all[@]} > 0)); then
  "$report" table --verdicts "${all[@]}" >"$out/verdicts.txt" 2>"$out/verdicts.err" ||
    failures+=("table --verdicts (verdicts.err)")
  echo "verdicts (paper artefact: rows agreeing in sign / rows with a verdict):"
  cat "$out/verdicts.txt"
fi
find "$out" -name '*.err' -empty -delete
if ((${#failures[@]} > 0)); then
  printf 'FAILED: %s\n' "${failures[@]}" | tee "$out/failures.txt" >&2
  exit 1
fi
echo "report: $out"
