#!/usr/bin/env bash
# Tunes the MPI library's collective algorithms for one application (issue 45 item 3,
# docs/TUNING.md): capture -> the call sites that lose most to imbalance -> each replayed under
# every algorithm the library can be forced to (native:force=NAME) and papbench's own -> rules file
# (`papbench-report tune`) -> the application rerun with it, captured again -> per site
# before/after with the launch-level verdict, and the application's wall time.
#
# A job script, not a papbench subcommand: every step is its own MPI launch (the application,
# each replay), which only the launcher inside the allocation can start; run it in an interactive
# allocation (salloc / qsub -I) or from a batch script, as mpiexec would be.
#
#   jobs/tune-app.sh --out DIR [OPTIONS] -- APP [ARGS...]
#
# Options:
#   --out DIR            where everything goes (must not exist): select/, before-K/, after-K/ (one
#                        folder per application launch: its capture.h5, stdout.txt, stderr.txt,
#                        output files), replay/ (SITE-L.h5), rules.txt or selection.json, tune.txt,
#                        before-after.txt, wall.txt
#   --np N               ranks of the application (default 4)
#   --capture FILE       choose the sites and replay them from this capture (default: a capture of
#                        one launch of its own, select/)
#   --launches N         application launches before and after, interleaved (default 5; >= 2)
#   --replay-launches N  papbench launches of each site's replay (default 5; >= 2: the tune's
#                        verdict is the launch-level one)
#   --replay-iters N     iterations per replayed algorithm (default 30)
#   --replay-args ARGS   more papbench options for the replays, split at spaces (with more ranks
#                        than cores: "--arrival-tolerance off", as README's first experiment)
#   --sites K            replay the K sites that lost most to imbalance (default 3)
#   --site SITE          replay this site (pap's name, e.g. hpcc+0x2e118); repeatable; replaces
#                        --sites
#   --metric M           what the choice minimizes and the before/after compares: elapsed (the
#                        ranks' mean time in the call, default), run_time, after_last_arrival
#   --input FILE         copied into every launch's folder before it starts (repeatable): the
#                        application runs in that folder (hpcc: hpccinf.txt)
#   --output FILE        a file the application writes in its folder, compared between launches
#                        like its stdout (repeatable)
#   --drop-lines REGEX   leave lines matching REGEX (grep -E) out of the output comparison:
#                        timings (repeatable)
#   --keep-lines REGEX   compare only lines matching REGEX (repeatable; applied before
#                        --drop-lines)
# The application's stdout (its lines sorted: the ranks' lines interleave differently in every
# launch) and every --output file of every launch must equal those of the first launch after
# filtering; a launch whose output differs is named with its diff, and the script
# exits 1 (after the report). Exit 2: bad options or a failed step.
#
# Environment (as jobs/run-experiment.sh): PAPBENCH, PAPBENCH_REPORT (the programs; default: the
# build tree or the install these scripts belong to, else PATH), PAPBENCH_MPIEXEC (default
# mpiexec), PAPBENCH_MPIEXEC_FLAGS (e.g. "--oversubscribe --allow-run-as-root"),
# PAPBENCH_MPICH_BASE (MPICH's own selection JSON; default: tools/mpich-default-selection.sh).
# Every launch inherits the environment: with more ranks than cores, set
# OMPI_MCA_mpi_yield_when_idle=1 (Open MPI) for all of them alike.
set -euo pipefail

die() {
  echo "tune-app: error: $*" >&2
  exit 2
}
home=${PAPBENCH_HOME:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
source "$home/jobs/find-program.sh"

out="" np=4 capture="" launches=5 replay_launches=5 replay_iters=30 nsites=3 metric=elapsed
sites=() replay_args=() inputs=() outputs=() drop=() keep=()
positive() {  # OPTION VALUE [MIN]
  [[ $2 =~ ^[0-9]+$ ]] && (($2 >= ${3:-1})) ||
    die "$1: '$2' is not accepted; accepted: an integer >= ${3:-1}"
}
while (($# > 0)); do
  case $1 in
    --out | --np | --capture | --launches | --replay-launches | --replay-iters | --replay-args | \
      --sites | --site | --metric | --input | --output | --drop-lines | --keep-lines)
      (($# >= 2)) || die "$1 needs a value"
      case $1 in
        --out) out=$2 ;;
        --np) positive "$1" "$2" && np=$2 ;;
        --capture) capture=$2 ;;
        --launches) positive "$1" "$2" 2 && launches=$2 ;;
        --replay-launches) positive "$1" "$2" 2 && replay_launches=$2 ;;
        --replay-iters) positive "$1" "$2" && replay_iters=$2 ;;
        --replay-args) read -r -a replay_args <<<"$2" ;;
        --sites) positive "$1" "$2" && nsites=$2 ;;
        --site) sites+=("$2") ;;
        --metric)
          case $2 in elapsed | run_time | after_last_arrival) metric=$2 ;;
            *) die "--metric: '$2' is not accepted; accepted: elapsed, run_time, after_last_arrival" ;;
          esac ;;
        --input) [[ -r $2 ]] || die "--input: cannot read '$2'"; inputs+=("$(realpath "$2")") ;;
        --output) [[ $2 != */* && $2 != stdout.txt && $2 != stderr.txt ]] ||
          die "--output: '$2' is not accepted; accepted: a file name in the launch folder (not stdout.txt, stderr.txt)"
          outputs+=("$2") ;;
        --drop-lines) drop+=("$2") ;;
        --keep-lines) keep+=("$2") ;;
      esac
      shift 2 ;;
    --) shift; break ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$1' (the application goes after --; see --help)" ;;
  esac
done
(($# > 0)) || die "no application: jobs/tune-app.sh --out DIR [OPTIONS] -- APP [ARGS...]"
[[ -n $out ]] || die "--out: missing; accepted: a folder that does not exist yet"
[[ ! -e $out ]] || die "--out: '$out' exists; accepted: a folder that does not exist yet (nothing is replaced)"
[[ -z $capture || -r $capture ]] || die "--capture: cannot read '$capture'"
for re in "${drop[@]}" "${keep[@]}"; do
  rc=0
  grep -E -e "$re" </dev/null >/dev/null 2>&1 || rc=$?
  ((rc < 2)) || die "--drop-lines/--keep-lines: '$re' is not a grep -E expression"
done
app=$1; shift
app_args=("$@")
if [[ $app != */* ]]; then
  name=$app
  app=$(command -v "$name") || die "the application '$name' is not on PATH"
fi
app=$(realpath "$app")
[[ -x $app ]] || die "the application '$app' is not executable"

if [[ -n ${PAPBENCH:-} ]]; then papbench=$PAPBENCH; else
  papbench=$(papbench_program papbench bench/papbench "$home") ||
    die "cannot find papbench: build it, put an installed one on PATH, or set PAPBENCH"
fi
if [[ -n ${PAPBENCH_REPORT:-} ]]; then report=$PAPBENCH_REPORT; else
  report=$(papbench_program papbench-report tools/papbench-report "$home") ||
    die "cannot find papbench-report: build it, put an installed one on PATH, or set PAPBENCH_REPORT"
fi
mpiexec=${PAPBENCH_MPIEXEC:-mpiexec}
read -r -a flags <<<"${PAPBENCH_MPIEXEC_FLAGS:-}"
[[ -z $capture ]] || capture=$(realpath "$capture")
mkdir -p "$out"
out=$(realpath "$out")
log() { echo "tune-app: $*" | tee -a "$out/log.txt"; }

# filtered FILE: the lines of FILE the comparison looks at.
filtered() {
  local text
  text=$(cat "$1")
  local re patterns=()
  if ((${#keep[@]} > 0)); then
    for re in "${keep[@]}"; do patterns+=(-e "$re"); done
    text=$(grep -E "${patterns[@]}" <<<"$text" || true)
  fi
  for re in "${drop[@]}"; do text=$(grep -v -E -e "$re" <<<"$text" || true); done
  printf '%s\n' "$text"
}

# launch NAME [VAR=VALUE...]: one captured launch of the application in $out/NAME; its wall time
# (the launcher's, so the capture's start and write are in it: the same in every launch) goes to
# wall.txt, its filtered outputs to NAME/compared/.
reference=""
output_differs=0
launched=0
launch() {
  local name=$1; shift
  local dir=$out/$name
  mkdir "$dir"
  local f
  for f in "${inputs[@]}"; do cp "$f" "$dir/"; done
  local t0 t1 rc=0
  t0=$(date +%s.%N)
  (cd "$dir" && env "$@" "$mpiexec" "${flags[@]}" -n "$np" "$papbench" capture --out "$dir/capture.h5" \
    -- "$app" "${app_args[@]}" >stdout.txt 2>stderr.txt) || rc=$?
  t1=$(date +%s.%N)
  ((rc == 0)) || { tail -n 20 "$dir/stderr.txt" >&2; die "$name: the application exited with $rc ($dir)"; }
  local wall
  wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
  echo "$name $wall" >>"$out/wall.txt"
  launched=$((launched + 1))
  mkdir "$dir/compared"
  for f in stdout.txt "${outputs[@]}"; do
    [[ -e $dir/$f ]] || die "$name: the application wrote no '$f' (--output)"
    # Every rank writes to the one stdout, in an order that differs between launches: its lines
    # are compared as a sorted list; an output file is the application's own, compared in order.
    if [[ $f == stdout.txt ]]; then
      filtered "$dir/$f" | LC_ALL=C sort >"$dir/compared/$f"
    else
      filtered "$dir/$f" >"$dir/compared/$f"
    fi
  done
  if [[ -z $reference ]]; then
    reference=$dir/compared
  elif ! diff -r "$reference" "$dir/compared" >"$dir/compared.diff"; then
    output_differs=1
    log "$name: the application's output differs from $(basename "$(dirname "$reference")")'s:"
    head -n 20 "$dir/compared.diff" | tee -a "$out/log.txt"
  fi
  log "$name: $wall s"
}

log "application: $app ${app_args[*]} at $np ranks; load: $(cut -d' ' -f1-3 /proc/loadavg)"
# 1. The capture the sites are chosen from.
if [[ -z $capture ]]; then
  launch select
  capture=$out/select/capture.h5
fi
"$report" pap "$capture" --format csv >"$out/pap.csv"
library=$("$report" pap "$capture" | sed -n 's/^ *MPI library  *//p' | head -n 1)
case $library in
  *"Open MPI"*) kind=ompi ;;
  *MPICH*) kind=mpich ;;
  *) die "$capture ran under '$library'; accepted: Open MPI or MPICH (their rules files)" ;;
esac

# 2. The sites: pap's rows (case, collective, site, comm, ranks, calls, lost_ns), most time lost
# first, or the --site ones; scan and exscan have no papbench collective to replay them. --sites
# passes over a site that moves no bytes (a zero-count bcast, say; not a barrier): MPI returns at
# once there, its time lost is the application's own, and an algorithm has nothing to change.
mapfile -t rows < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
  $c["collective"] != "scan" && $c["collective"] != "exscan" {
    print ($c["lost_ns"] == "" ? 0 : $c["lost_ns"]), $c["case"], $c["collective"], $c["site"],
      $c["comm"], $c["ranks"], $c["calls"], ($c["bytes"] == "" ? "-" : $c["bytes"]) }' \
  "$out/pap.csv" | sort -g -r -k1,1)
chosen=()
for row in "${rows[@]}"; do
  read -r lost case coll site comm ranks calls bytes <<<"$row"
  if ((${#sites[@]} > 0)); then
    [[ " ${sites[*]} " == *" $site "* ]] || continue
  elif ((${#chosen[@]} >= nsites)); then
    break
  elif [[ $bytes == 0 && $coll != barrier ]]; then
    log "site $site ($coll on $comm) moves no bytes: passed over"
    continue
  fi
  chosen+=("$row")
done
((${#chosen[@]} > 0)) || die "--site: none of '${sites[*]}' is a call site of $capture (pap.csv lists them)"
for s in "${sites[@]}"; do
  printf '%s\n' "${chosen[@]}" | awk -v s="$s" '$4 == s { f = 1 } END { exit !f }' ||
    die "--site: '$s' is no call site of $capture (pap.csv lists them)"
done

# The collective papbench replays a site as (bench/captured_workload.cpp).
replayed() {
  case $1 in reduce_scatter_block) echo reduce_scatter ;; gatherv) echo gather ;;
    scatterv) echo scatter ;; *) echo "$1" ;; esac
}
# Every algorithm for COLLECTIVE at RANKS: papbench's own, and native:force=NAME for each name
# this library can be forced to (`papbench list`) but two_proc (Open MPI: 2 ranks only) and smp
# (MPICH: several nodes).
algorithms() {
  local coll=$1 ranks=$2 names forced n
  names=$("$papbench" list --format names --collective "$coll")
  forced=$("$papbench" list --collective "$coll" |
    sed -n 's/^ *force names of this library ([^)]*): //p' | tr -d ' ')
  for n in ${forced//,/ }; do
    [[ $n == two_proc && $ranks != 2 ]] && continue
    # MPICH's smp needs several nodes (4.0.2's barrier smp crashes on one, docs/ALGORITHMS.md).
    [[ $n == smp ]] && continue
    names+=",native:force=$n"
  done
  echo "$names"
}

# MPICH fails a forced algorithm that cannot run on the call's arguments (its
# reduce_scatter_allgather allreduce on fewer elements than ranks, say: "User set collective
# algorithm is not usable for the provided arguments"), as papbench asks it to
# (MPIR_CVAR_COLLECTIVE_FALLBACK=error: a case must never measure another algorithm than it names),
# and the failure would end the whole replay. usable CASE RANKS ALGS: ALGS without the forced ones
# MPICH refuses so on the site's arguments, each tried in one iteration of its own first (MPICH
# only: Open MPI's tuned component runs every algorithm it can be forced to); each left out is
# logged.
usable() {
  local case=$1 ranks=$2 a kept=() probe=$out/replay/probe
  for a in ${3//,/ }; do
    if [[ $kind == mpich && $a == native:force=* ]]; then
      rm -f "$probe.h5"
      if ! "$mpiexec" "${flags[@]}" -n "$ranks" "$papbench" --alg "$a" \
        --pattern "replay:$capture#$case" --iters 1 --warmup 0 --out "$probe.h5" \
        --progress never "${replay_args[@]}" >"$probe.log" 2>&1; then
        grep -q "not usable for the provided arguments" "$probe.log" ||
          { tail -n 20 "$probe.log" >&2; die "the replay of $a at case $case failed ($probe.log)"; }
        log "case $case: $a left out: MPICH cannot run it on the site's arguments" >&2
        continue
      fi
    fi
    kept+=("$a")
  done
  rm -f "$probe.h5" "$probe.log"
  (IFS=,; echo "${kept[*]}")
}

# 3. Each site replayed, every algorithm in one papbench launch, --replay-launches times.
mkdir "$out/replay"
groups=()
site_list=()
for row in "${chosen[@]}"; do
  read -r lost case coll site comm ranks calls bytes <<<"$row"
  site_list+=("$site")
  algs=$(usable "$case" "$ranks" "$(algorithms "$(replayed "$coll")" "$ranks")")
  log "site $site ($coll on $comm, $ranks ranks, $calls calls, lost $(awk -v n="$lost" 'BEGIN { printf "%.3g s", n / 1e9 }')): replaying $algs"
  files=()
  for ((l = 1; l <= replay_launches; l++)); do
    f=$out/replay/case$case-$l.h5
    "$mpiexec" "${flags[@]}" -n "$ranks" "$papbench" --alg "$algs" \
      --pattern "replay:$capture#$case" --iters "$replay_iters" --warmup 2 --out "$f" \
      --progress never "${replay_args[@]}" >"$out/replay/case$case-$l.log" 2>&1 ||
      { tail -n 20 "$out/replay/case$case-$l.log" >&2; die "the replay of site $site failed ($out/replay/case$case-$l.log)"; }
    files+=("$f")
  done
  groups+=("$(IFS=,; echo "${files[*]}")")
done

# 4. The rules file.
if [[ $kind == ompi ]]; then
  rules=$out/rules.txt
  "$report" tune "${groups[@]}" --metric "$metric" --pattern all --ompi-rules "$rules" >"$out/tune.txt"
  rules_env=(OMPI_MCA_coll_tuned_use_dynamic_rules=1 "OMPI_MCA_coll_tuned_dynamic_rules_filename=$rules")
else
  rules=$out/selection.json
  base=${PAPBENCH_MPICH_BASE:-}
  if [[ -z $base ]]; then
    base=$out/mpich-base.json
    "$home/tools/mpich-default-selection.sh" >"$base" ||
      die "cannot read MPICH's own selection JSON; set PAPBENCH_MPICH_BASE (tools/mpich-default-selection.sh)"
  fi
  "$report" tune "${groups[@]}" --metric "$metric" --pattern all --mpich-json "$rules" \
    --mpich-base "$base" >"$out/tune.txt"
  rules_env=("MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE=$rules" MPIR_CVAR_DEVICE_COLLECTIVES=none)
fi
cat "$out/tune.txt"
log "rules: $rules (the application reads it through: ${rules_env[*]})"

# 5. The application without and with the rules, interleaved so that a drift of the machine's load
# falls on both alike.
for ((k = 1; k <= launches; k++)); do
  launch "before-$k"
  launch "after-$k" "${rules_env[@]}"
done

# 6. Per site before/after, and the wall times.
list() { awk -v p="$1-" '$1 ~ "^" p { printf "%s%s", sep, $2; sep = "," }' "$out/wall.txt"; }
captures() {
  local k s=""
  for ((k = 1; k <= launches; k++)); do s+="${s:+,}$out/$1-$k/capture.h5"; done
  echo "$s"
}
"$report" before-after "$(captures before)" "$(captures after)" \
  --site "$(IFS=,; echo "${site_list[*]}")" --metric "$metric" \
  --wall-before "$(list before)" --wall-after "$(list after)" >"$out/before-after.txt"
cat "$out/before-after.txt"
log "wall times (s): before $(list before | tr , ' '); after $(list after | tr , ' '); load now: $(cut -d' ' -f1-3 /proc/loadavg)"
# 7. The replayed arrivals against the reruns': a choice made for another imbalance (a capture
# taken under another load, say) says little about this one (docs/TUNING.md, "Why the replay and
# the application differ").
# site_spread FILE SITE: the median over SITE's calls in capture FILE of last minus first arrival
# (ns; its first communicator's case), "-" where FILE has no such site. (awk reads to the end: an
# early exit would end papbench-report with SIGPIPE, a failure under pipefail.)
site_spread() {
  local c
  c=$("$report" pap "$1" --format csv |
    awk -F, -v s="$2" 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
      $k["site"] == s && !found { print $k["case"]; found = 1 }')
  [[ -n $c ]] || { echo -; return; }
  "$report" summary "$1" --metric imbalance --format csv |
    awk -F, -v c="$c" 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
      $k["case"] == c && !found { print $k["median_ns"]; found = 1 }'
}
for site in "${site_list[@]}"; do
  replayed_spread=$(site_spread "$capture" "$site")
  rerun_spreads=()
  for ((k = 1; k <= launches; k++)); do rerun_spreads+=("$(site_spread "$out/before-$k/capture.h5" "$site")"); done
  printf '%s\n' "${rerun_spreads[@]}" | { grep -v '^-$' || true; } | sort -g | awk -v r="$replayed_spread" -v s="$site" '
    { v[++n] = $1 }
    END {
      if (n == 0 || r == "-" || r == "") exit
      m = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
      printf "site %s: median arrival spread %.3g ms in the replayed capture, %.3g ms in the before launches (median of %d)\n", s, r / 1e6, m / 1e6, n
      if (m > 0 && (r / m > 10 || r / m < 0.1))
        printf "site %s: WARNING: the replayed arrivals differ from the reruns by more than 10x: the choice was made for another imbalance\n", s
    }' | while read -r line; do log "$line"; done
done
if ((output_differs)); then
  log "the application's output differs between launches (compared/ in each launch folder; --keep-lines, --drop-lines)"
  exit 1
fi
log "the application's output ($(printf '%s ' stdout.txt "${outputs[@]}")filtered) is the same in all $launched launches"
