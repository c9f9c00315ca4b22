#!/usr/bin/env bash
# Cross-checks papbench's six bcast trees against the installed Open MPI's own (forced through
# bcast/native:force), by the ranks each rank depends on: for every late rank L, one run of all
# twelve algorithms with L arriving DELAY late; a rank "waits" for L when it leaves after L
# arrives in most iterations. With small eager segments (2 KiB in 256-byte segments) a rank waits
# exactly when the tree routes its data through L (or, in split-binary, through L's half and
# exchange partner), so equal sets mean equal trees. Prints any difference; exit 1 if any.
#
# Not a ctest: "does not wait" depends on the delay dominating the machine's noise (an
# oversubscribed host can make one pair differ in one run; rerun to tell noise from a real
# difference). Open MPI 3.1.6 and 4.1.x have the same six coll/base broadcasts and builders.
#
# Usage: tools/bcast-dependency-check.sh P ROOT [DELAY]   (e.g. 10 3 30ms)
# Environment: PAPBENCH, PAPBENCH_REPORT (default: build-ci/...), MPIEXEC (default: mpiexec
# --oversubscribe).
set -euo pipefail
P=${1:?P}; ROOT=${2:?ROOT}; DELAY=${3:-30ms}
HERE=$(cd "$(dirname "$0")/.." && pwd)
PAPBENCH=${PAPBENCH:-$HERE/build-ci/bench/papbench}
REPORT=${PAPBENCH_REPORT:-$HERE/build-ci/tools/papbench-report}
read -r -a MPIEXEC <<<"${MPIEXEC:-mpiexec --oversubscribe}"
WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
S=segsize=256
PAIRS="flat:basic_linear chain:pipeline kchain:chain binary:binary_tree split_binary:split_binary_tree binomial:binomial"
ALGS="flat,native:force=basic_linear,chain:$S,native:force=pipeline,$S,kchain:$S,native:force=chain,$S"
ALGS+=",binary:$S,native:force=binary_tree,$S,split_binary:$S,native:force=split_binary_tree,$S"
ALGS+=",binomial:$S,native:force=binomial,$S"
differ=0; same=0
for ((L = 0; L < P; ++L)); do
  ((L == ROOT)) && continue
  "${MPIEXEC[@]}" -n "$P" "$PAPBENCH" --collective bcast --alg "$ALGS" --count 2Ki --dtype uint8 \
    --root "$ROOT" --pattern "late:$L:$DELAY" --iters 3 --warmup 1 --out "$WORK/L$L.h5" \
    --progress never >/dev/null
  "$REPORT" export csv "$WORK/L$L.h5" --include-late --include-invalid >"$WORK/L$L.csv"
  # One line per algorithm: NAME RANKS-THAT-WAIT (native ones named by their forced algorithm).
  awk -F, -v L="$L" 'NR > 1 {
      line = $0; params = ""
      if (match(line, /"[^"]*"/)) { params = substr(line, RSTART, RLENGTH); sub(/"[^"]*"/, "P", line) }
      split(line, f, ","); c = f[1]; it = f[18]; r = f[19]
      name[c] = f[3]; if (match(params, /force=[a-z_]+/)) name[c] = "native:" substr(params, RSTART + 6, RLENGTH - 6)
      arrive[c, it, r] = f[23]; leave[c, it, r] = f[24]; its[c, it] = 1; ranks[r] = 1 }
    END { for (c in name) { w = ""
        for (r = 0; r < 4096; ++r) { if (!(r in ranks) || r == L) continue; votes = 0; n = 0
          for (k in its) { split(k, kk, SUBSEP); if (kk[1] != c) continue; n++
            if (leave[c, kk[2], r] > arrive[c, kk[2], L]) votes++ }
          if (2 * votes > n) w = w (w == "" ? "" : ",") r }
        print name[c], "[" w "]" } }' "$WORK/L$L.csv" >"$WORK/L$L.waits"
  for pair in $PAIRS; do
    own=$(awk -v a="${pair%%:*}" '$1 == a { print $2 }' "$WORK/L$L.waits")
    lib=$(awk -v a="native:${pair#*:}" '$1 == a { print $2 }' "$WORK/L$L.waits")
    if [[ -n $own && $own == "$lib" ]]; then
      same=$((same + 1))
    else
      differ=$((differ + 1))
      echo "late rank $L: ${pair%%:*} waits $own, Open MPI ${pair#*:} waits $lib"
    fi
  done
done
echo "P=$P root=$ROOT: $same (algorithm, late rank) pairs equal, $differ differ"
((differ == 0))
