#!/usr/bin/env bash
# papbench --setting ([Kang2019] §5's settings S1-S8) as a user runs it: the settings of both
# intergroup collectives in one run on 4 ranks (1:1 is the ratio 4 ranks realise), --count per
# node turned into blocks per rank (4 ranks per node, and 1 with --virtual-ppn 1), the setting
# first in every case's params and label, the shapes it fills in, the kang-fig views over the
# output; then the refusals (exit 2, and an existing --out file left as it was): options that
# contradict a setting, a setting of a collective not listed, a ratio the rank count cannot
# realise, and --resume with another setting.
source "$(dirname "$0")/lib.sh"
: "${PAPBENCH_REPORT:?}"
common="--dtype int --sync barrier --iters 3 --warmup 1 --progress never"

# shellcheck disable=SC2086
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective intergroup_allgather,intergroup_allgatherv \
  --alg native,alg1,alg2 --setting S1,S5,S6 --count 4Ki $common --out set.h5
expect_exit 0 "$PAPBENCH_REPORT" export csv set.h5 --include-late --include-invalid
# collective,algorithm,"params",count per case (iteration 0, rank 0 rows).
awk -F, 'NR > 1 { match($0, /"[^"]*"/); p = substr($0, RSTART + 1, RLENGTH - 2);
  sub(/"[^"]*"/, "P"); split($0, f, ","); if (!seen[f[1]]++) print f[2] "/" f[3] " " p " " f[5] }' \
  out.txt >cases.txt
cat >want.txt <<'WANT'
intergroup_allgather/native setting=S1,groups=2:2,placement=block,ka-factor=1,kb-factor=1 1024
intergroup_allgather/alg1 setting=S1,groups=2:2,placement=block,ka-factor=1,kb-factor=1,exchange=sendrecv,final=allgatherv 1024
intergroup_allgatherv/native setting=S5,groups=2:2,placement=block,ka-factor=1,kb-factor=1,dist=equal 1024
intergroup_allgatherv/alg2 setting=S5,groups=2:2,placement=block,ka-factor=1,kb-factor=1,dist=equal,order=nonblocking,final=allgatherv 1024
intergroup_allgatherv/native setting=S6,groups=2:2,placement=block,ka-factor=1,kb-factor=1,dist=arith-code 1024
intergroup_allgatherv/alg2 setting=S6,groups=2:2,placement=block,ka-factor=1,kb-factor=1,dist=arith-code,order=nonblocking,final=allgatherv 1024
WANT
diff want.txt cases.txt >&2 || fail "--setting: cases, params or per-rank counts differ (4Ki per node over 4 ranks = 1Ki)"
# Every case validated, and the label shows the setting first.
expect_exit 0 "$PAPBENCH_REPORT" summary set.h5
expect_contains out.txt "intergroup_allgatherv/alg2(setting=S6,groups=2:2"
grep -q 'fail' out.txt && fail "a --setting case failed validation"

# One rank per (virtual) node: the per-node count is every rank's block.
# shellcheck disable=SC2086
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective intergroup_allgather --alg native \
  --setting S1 --count 4Ki --virtual-ppn 1 $common --out ppn1.h5
expect_exit 0 "$PAPBENCH_REPORT" export csv ppn1.h5 --include-late --include-invalid
awk -F, 'NR > 1 { sub(/"[^"]*"/, "P"); split($0, f, ","); print f[5]; exit }' out.txt >count.txt
[[ $(cat count.txt) == 4096 ]] || fail "--virtual-ppn 1: block $(cat count.txt), expected 4096"

# The kang-fig views read the recorded setting.
expect_exit 0 "$PAPBENCH_REPORT" table kang-fig4 set.h5
expect_contains out.txt "== N = 4 (S1): intergroup_allgather p:q = 2:2"
expect_contains out.txt "Algorithm1 (alg1)"
expect_exit 0 "$PAPBENCH_REPORT" table kang-fig5 set.h5
expect_contains out.txt "(S5): intergroup_allgatherv p:q = 2:2"
expect_contains out.txt "(S6): intergroup_allgatherv p:q = 2:2"
expect_exit 0 "$PAPBENCH_REPORT" table kang-fig6 set.h5
grep -qE '^  S6 +allgatherv 2:2 ' out.txt || { cat out.txt >&2; fail "kang-fig6: no S6 curve"; }

# Refusals: exit 2 naming the options, before the existing --out file is touched.
echo "keep me" >kept.h5
sum=$(cksum <kept.h5)
refuse() {  # TEXT ARGS...: papbench on 4 ranks exits 2 and says TEXT; kept.h5 unchanged
  local text=$1
  shift
  # shellcheck disable=SC2086
  expect_exit 2 mpirun_n 4 "$PAPBENCH" "$@" --count 4Ki $common --out kept.h5 --force
  expect_contains err.txt "$text"
  [[ $(cksum <kept.h5) == "$sum" ]] || fail "'$*' touched the existing --out file"
}
refuse "--setting: S1 (groups 1:1, ka-factor 1, kb-factor 1) contradicts --groups 3:1" \
  --collective intergroup_allgather --alg native --setting S1 --groups 3:1
refuse "contradicts --kb-factor 0.5" \
  --collective intergroup_allgather --alg native --setting S1 --kb-factor 0.5
refuse "contradicts --dist arith-code" \
  --collective intergroup_allgatherv --alg native --setting S5 --dist arith-code
refuse "--setting: S5 is a setting of intergroup_allgatherv, which --collective does not list; accepted: S1, S2, S3, S4 (intergroup_allgather), S5, S6, S7, S8 (intergroup_allgatherv)" \
  --collective intergroup_allgather --alg native --setting S5
refuse "--setting: S2 has groups in the ratio 25:7, which needs a multiple of 32 ranks, and this run has 4" \
  --collective intergroup_allgather --alg native --setting S2
refuse "--setting: 'S0' is not accepted" --collective intergroup_allgather --alg native --setting S0

# --resume refuses another setting, and accepts the same one.
# shellcheck disable=SC2086
expect_exit 2 mpirun_n 4 "$PAPBENCH" --collective intergroup_allgather,intergroup_allgatherv \
  --alg native,alg1,alg2 --setting S1,S5 --count 4Ki $common --resume set.h5
expect_contains err.txt "--setting: 'set.h5' has 'S1,S5,S6', this run 'S1,S5'"
# shellcheck disable=SC2086
expect_exit 0 mpirun_n 4 "$PAPBENCH" --collective intergroup_allgather,intergroup_allgatherv \
  --alg native,alg1,alg2 --setting S1,S5,S6 --count 4Ki $common --resume set.h5
