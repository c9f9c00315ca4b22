#!/usr/bin/env bash
# Runs an MPI command on an emulated cluster on this machine: N "hosts" (Linux network and UTS
# namespaces, hostnames pbhost-0 ... pbhost-N-1, addresses 10.78.0.1 ... 10.78.0.N on eth0),
# each joined by a veth link to a Linux bridge (the switch, in a namespace of its own). Each link
# is shaped in both directions by a token bucket (tc tbf) at --link, as a full-duplex NIC: the
# host's egress is its transmit side, the switch port's egress its receive side. --switch-bw
# splits the hosts over two leaf bridges joined by one uplink shaped at that rate, a bottleneck
# that every message between the halves shares. Ranks talk TCP between hosts and shared memory
# within one (Open MPI: btl tcp,vader,self; MPICH: its shared memory and UCX over TCP).
#
# Usage: tools/emulated-cluster.sh [OPTIONS] [--] COMMAND [ARGS...]
#        tools/emulated-cluster.sh [OPTIONS] --calibrate
#   --hosts N          hosts (default 2)
#   --per-host K       ranks per host (default 1): N*K ranks, ranks 0..K-1 on pbhost-0
#   --link RATE        each host's link, a tc rate (e.g. 1gbit, 100mbit, 10gbit) or none
#                      (unshaped veth; default 1gbit)
#   --switch-bw RATE   the uplink between the two leaf switches (default none: one switch)
#   --mpi openmpi|mpich  which MPI starts the ranks (default openmpi; mpich: mpiexec.mpich)
#   --mpiexec-arg ARG  one more argument for mpiexec (repeatable)
#   --calibrate        measure papbench pingpong between two hosts (--per-host 1; 8 B and 4 MiB)
#                      and print one-way latency and bandwidth against the configured link
#   COMMAND            what every rank runs, e.g. build/bench/papbench --collective reduce ...
# Environment: PAPBENCH (calibration: default build/bench/papbench or build-dev/bench/papbench of
# this checkout, papbench beside an install, then papbench on PATH: jobs/find-program.sh),
# PAPBENCH_REPORT (likewise), MPIEXEC (default mpiexec or mpiexec.mpich).
# Every rank gets PAPBENCH_NETWORK_EMULATION (hosts, per-host, link, switch), which papbench
# stores in its result set as the attribute network_emulation and the report shows.
#
# Needs root, iproute2 (ip netns, tc), util-linux unshare and the MPI. Exit code 77 (skip) with a
# line saying what is missing when it cannot set up; 2 for a bad option; otherwise the command's
# exit code. The namespaces, links, /etc/netns entries and scratch files go on every exit.
set -euo pipefail
shopt -s extglob

hosts=2 per_host=1 link=1gbit switch_bw=none mpi=openmpi calibrate=0
mpiexec_args=()
usage_error() { echo "emulated-cluster: $*" >&2; exit 2; }
need_value() { [[ $# -ge 2 ]] || usage_error "$1 needs a value (see --help)"; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --hosts) need_value "$@"; hosts=$2; shift 2 ;;
    --per-host) need_value "$@"; per_host=$2; shift 2 ;;
    --link) need_value "$@"; link=$2; shift 2 ;;
    --switch-bw) need_value "$@"; switch_bw=$2; shift 2 ;;
    --mpi) need_value "$@"; mpi=$2; shift 2 ;;
    --mpiexec-arg) need_value "$@"; mpiexec_args+=("$2"); shift 2 ;;
    --calibrate) calibrate=1; shift ;;
    --) shift; break ;;
    -h|--help) sed -n '2,31p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) usage_error "unknown option '$1'; accepted: --hosts --per-host --link --switch-bw --mpi --mpiexec-arg --calibrate (see --help)" ;;
    *) break ;;
  esac
done
rate_re='^[0-9]+(\.[0-9]+)?(bit|kbit|mbit|gbit|tbit|bps|kbps|mbps|gbps|tbps)$'
[[ $hosts =~ ^[1-9][0-9]*$ && $hosts -le 200 ]] ||
  usage_error "--hosts: '$hosts' is not accepted; accepted: an integer from 1 to 200"
[[ $per_host =~ ^[1-9][0-9]*$ ]] ||
  usage_error "--per-host: '$per_host' is not accepted; accepted: an integer >= 1"
[[ $link == none || $link =~ $rate_re ]] ||
  usage_error "--link: '$link' is not accepted; accepted: none or a tc rate such as 1gbit, 100mbit, 125mbps"
[[ $switch_bw == none || $switch_bw =~ $rate_re ]] ||
  usage_error "--switch-bw: '$switch_bw' is not accepted; accepted: none or a tc rate such as 1gbit"
[[ $mpi == openmpi || $mpi == mpich ]] ||
  usage_error "--mpi: '$mpi' is not accepted; accepted: openmpi, mpich"
if ((calibrate)); then
  [[ $# -eq 0 ]] || usage_error "--calibrate runs its own command; remove '$*'"
  hosts=2 per_host=1
else
  [[ $# -gt 0 ]] || usage_error "no command given (see --help)"
fi
[[ $switch_bw == none || $hosts -ge 2 ]] || usage_error "--switch-bw needs --hosts 2 or more"

skip() { echo "emulated-cluster: SKIP: $*"; exit 77; }
if ((calibrate)); then
  # The programs first, before root and namespaces: a missing one is said at once, and not
  # inside a command substitution that would swallow the message (issue 47). papbench_program
  # looks in build/ and build-dev/ of this checkout, beside an install, then on PATH.
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  source "$root/jobs/find-program.sh"
  find_tool() {  # VARIABLE OVERRIDE_NAME BUILD_PATH NAME: sets VARIABLE or skips saying why
    local found=${!2:-}
    if [[ -z $found ]] && ! found=$(papbench_program "$4" "$3" "$root"); then
      skip "$4 not found: not in $root/build/$3 or $root/build-dev/$3, nor on PATH (build it, install it, or set $2)"
    fi
    printf -v "$1" %s "$found"
  }
  find_tool papbench PAPBENCH bench/papbench papbench
  find_tool report PAPBENCH_REPORT tools/papbench-report papbench-report
fi
[[ $(id -u) -eq 0 ]] || skip "needs root for network namespaces and tc (uid $(id -u))"
for tool in ip tc unshare hostname; do
  command -v "$tool" >/dev/null || skip "'$tool' not found (packages iproute2, util-linux)"
done
if [[ $mpi == openmpi ]]; then
  read -r -a mpiexec <<<"${MPIEXEC:-mpiexec}"
  [[ $("${mpiexec[0]}" --version 2>&1 || true) == *@("Open MPI"|OpenRTE)* ]] ||
    skip "${mpiexec[0]} is not Open MPI (set MPIEXEC, or --mpi mpich)"
else
  read -r -a mpiexec <<<"${MPIEXEC:-mpiexec.mpich}"
  [[ $("${mpiexec[0]}" --version 2>&1 || true) == *HYDRA* ]] ||
    skip "${mpiexec[0]} is not MPICH's Hydra (Debian package mpich)"
  # Measured here: 4 of 10 two-host runs hung in MPI_Finalize, one rank spinning in UCX's TCP
  # progress, the other in the PMI barrier; results are written before MPI_Finalize.
  echo "emulated-cluster: note: MPICH over UCX's TCP transport (UCX 1.13) may hang in" \
    "MPI_Finalize after the results are written (openucx/ucx#8738); run it under timeout(1)" >&2
fi

tag="pe$$"  # interface names are at most 15 characters, namespace names are global
switch_ns="${tag}s"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/emulated-cluster.XXXXXX")
made=()
cleanup() {
  local ns pid
  for ns in "${made[@]}"; do
    # What still runs in a namespace was started by this script's mpiexec.
    for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -9 "$pid" 2>/dev/null || true; done
    ip netns del "$ns" 2>/dev/null || true  # takes its veth ends, and so the pairs
    rm -rf "/etc/netns/$ns"
  done
  rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

host_ns() { echo "${tag}h$1"; }
host_addr() { echo "10.78.$(($1 / 250)).$(($1 % 250 + 1))"; }
subnet=10.78.0.0/16

make_ns() {
  ip netns add "$1" 2>"$scratch/err" || skip "ip netns add failed: $(cat "$scratch/err")"
  made+=("$1")
  ip -n "$1" link set lo up
}
link_bytes_per_s() {  # tc rate -> bytes per second
  awk -v r="$1" 'BEGIN {
    n = r + 0; u = r; sub(/^[0-9.]+/, "", u)
    f["bit"] = 1/8; f["kbit"] = 1e3/8; f["mbit"] = 1e6/8; f["gbit"] = 1e9/8; f["tbit"] = 1e12/8
    f["bps"] = 1; f["kbps"] = 1e3; f["mbps"] = 1e6; f["gbps"] = 1e9; f["tbps"] = 1e12
    printf "%.0f", n * f[u] }'
}
# A token bucket as a NIC's line rate. The bucket holds 1 ms of the rate (at least 64 KiB, one
# TSO/GSO super-packet; larger ones tbf segments): with less, the qdisc's timer wakes too late to
# keep the link busy (measured at 1 Gbit/s: a 64 KiB bucket gave 78 MB/s on 4 MiB ping-pongs, a
# 128 KiB one 110). The queue holds 10 ms, a switch port's buffer, beyond which TCP sees drops (a
# 2 ms queue dropped 3% of the packets of those ping-pongs).
shape() {  # NAMESPACE DEVICE RATE
  [[ $3 == none ]] && return
  local burst=$(($(link_bytes_per_s "$3") / 1000))
  ((burst >= 65536)) || burst=65536
  tc -n "$1" qdisc add dev "$2" root tbf rate "$3" burst "$burst" latency 10ms 2>"$scratch/err" ||
    skip "tc tbf on $2 failed: $(cat "$scratch/err")"
}

make_ns "$switch_ns"
bridges=(br0)
[[ $switch_bw != none ]] && bridges=(br0 br1)
for br in "${bridges[@]}"; do
  ip -n "$switch_ns" link add "$br" type bridge 2>"$scratch/err" ||
    skip "no Linux bridge: $(cat "$scratch/err")"
  ip -n "$switch_ns" link set "$br" up
done
if [[ $switch_bw != none ]]; then
  ip -n "$switch_ns" link add up0 type veth peer name up1
  ip -n "$switch_ns" link set up0 master br0 up
  ip -n "$switch_ns" link set up1 master br1 up
  shape "$switch_ns" up0 "$switch_bw"
  shape "$switch_ns" up1 "$switch_bw"
fi

hosts_file="$scratch/etc-hosts"
{
  echo "127.0.0.1 localhost"
  for ((i = 0; i < hosts; ++i)); do echo "$(host_addr "$i") pbhost-$i"; done
} >"$hosts_file"
for ((i = 0; i < hosts; ++i)); do
  ns=$(host_ns "$i")
  make_ns "$ns"
  # ip netns exec bind-mounts /etc/netns/NS/* over /etc: every host resolves every host's name.
  mkdir -p "/etc/netns/$ns"
  cp "$hosts_file" "/etc/netns/$ns/hosts"
  ip link add "${tag}n$i" type veth peer name "${tag}p$i" 2>"$scratch/err" ||
    skip "no veth pair: $(cat "$scratch/err")"
  ip link set "${tag}n$i" netns "$ns"
  ip -n "$ns" link set "${tag}n$i" name eth0
  ip -n "$ns" addr add "$(host_addr "$i")/16" dev eth0
  ip -n "$ns" link set eth0 up
  # MPI traffic is bursty: a ping-pong leaves each direction idle while the other sends, and
  # Linux's default restarts TCP's slow start after every idle period (RFC 2861), so each 4 MiB
  # message would start from a 10-segment window. Clusters tuned for MPI turn that off.
  ip netns exec "$ns" sysctl -qw net.ipv4.tcp_slow_start_after_idle=0 2>/dev/null || true
  ip link set "${tag}p$i" netns "$switch_ns"
  leaf=br0
  ((${#bridges[@]} == 2 && i >= (hosts + 1) / 2)) && leaf=br1
  ip -n "$switch_ns" link set "${tag}p$i" master "$leaf" up
  shape "$ns" eth0 "$link"                 # the NIC's transmit side
  shape "$switch_ns" "${tag}p$i" "$link"   # its receive side: the switch port towards it
done

emulation="hosts=$hosts per-host=$per_host link=$link switch=$switch_bw"
[[ $switch_bw != none ]] && emulation+=" (two leaf switches of $(((hosts + 1) / 2)) and $((hosts / 2)) hosts)"
emulation+=" mpi=$mpi; tc tbf on veth through a Linux bridge on one machine"
export PAPBENCH_NETWORK_EMULATION="$emulation"
echo "emulated-cluster: $((hosts * per_host)) ranks on $hosts hosts (pbhost-0..$((hosts - 1)))," \
  "$per_host per host; link $link, switch uplink $switch_bw; $mpi over TCP"

# Runs `COMMAND...` as host I would: in its namespaces, under its hostname.
cat >"$scratch/on-host.sh" <<EOF
#!/bin/sh
# on-host.sh ADDRESS COMMAND...: the launch agent of both MPIs (Open MPI's plm_rsh_agent is
# called as AGENT HOST COMMAND, Hydra's ssh launcher as AGENT -x HOST COMMAND).
while [ "\${1#-}" != "\$1" ]; do shift; done
addr=\$1; shift
EOF
for ((i = 0; i < hosts; ++i)); do
  echo "[ \"\$addr\" = $(host_addr "$i") ] && exec ip netns exec $(host_ns "$i") unshare --uts /bin/sh -c \"hostname pbhost-$i; \$*\"" >>"$scratch/on-host.sh"
done
echo 'echo "emulated-cluster agent: unknown host $addr" >&2; exit 1' >>"$scratch/on-host.sh"
chmod +x "$scratch/on-host.sh"

run_mpi() {  # COMMAND...: the ranks, started from pbhost-0
  local ranks=$((hosts * per_host)) i launch=()
  if [[ $mpi == openmpi ]]; then
    : >"$scratch/hostfile"
    for ((i = 0; i < hosts; ++i)); do
      echo "$(host_addr "$i") slots=$per_host" >>"$scratch/hostfile"
    done
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1  # root was required above
    launch=("${mpiexec[@]}" --hostfile "$scratch/hostfile" -n "$ranks" --map-by slot
      --bind-to none --mca plm_rsh_agent "$scratch/on-host.sh" --mca btl tcp,vader,self
      --mca btl_tcp_if_include "$subnet" --mca oob_tcp_if_include "$subnet"
      -x PAPBENCH_NETWORK_EMULATION)
  else
    local list=()
    for ((i = 0; i < hosts; ++i)); do list+=("$(host_addr "$i"):$per_host"); done
    # UCX (MPICH's network module) over TCP on eth0 only: its shared-memory transports would
    # reach across the namespaces, which share this machine's memory, and bypass the links.
    launch=("${mpiexec[@]}" -launcher ssh -launcher-exec "$scratch/on-host.sh"
      -hosts "$(IFS=,; echo "${list[*]}")" -n "$ranks" -iface eth0
      -genv UCX_TLS tcp,self -genv UCX_NET_DEVICES eth0
      -genv PAPBENCH_NETWORK_EMULATION "$PAPBENCH_NETWORK_EMULATION")
  fi
  ip netns exec "$(host_ns 0)" unshare --uts /bin/sh -c 'hostname pbhost-0 && exec "$@"' sh \
    "${launch[@]}" "${mpiexec_args[@]}" "$@"
}

if ! ((calibrate)); then
  set +e
  run_mpi "$@"
  status=$?
  set -e
  exit "$status"
fi

# ---- calibration: pingpong between pbhost-0 and pbhost-1 ----------------------------------------
# $papbench and $report: found above, before anything was set up.
# 8 B and 4 MiB (one double, 512 Ki doubles) ping-pongs started by a barrier (as OSU's latency
# test), 200 and 30 round trips after warm-up; the median round trip of each.
for spec in 1:200 512Ki:30; do
  run_mpi "$papbench" --collective pingpong --dtype double --count "${spec%:*}" --iters "${spec#*:}" \
    --warmup 10 --sync barrier --progress never --out "$scratch/calibrate-${spec%:*}.h5" \
    </dev/null >"$scratch/run.txt" 2>&1 ||
    { cat "$scratch/run.txt" >&2; echo "emulated-cluster: the calibration run failed" >&2; exit 1; }
  "$report" summary "$scratch/calibrate-${spec%:*}.h5" --format csv >>"$scratch/summary.csv"
done
median_ns() {  # COUNT: the median round trip of that count
  awk -F, -v want="$1" '$1 == "file" { for (i = 1; i <= NF; ++i) col[$i] = i; next }
    $col["count"] == want && $col["metric"] == "run_time" { print $col["median_ns"] }' \
    "$scratch/summary.csv"
}
small=$(median_ns 1) large=$(median_ns 524288)
[[ -n $small && -n $large ]] || { echo "emulated-cluster: no pingpong medians in the summary" >&2; exit 1; }
awk -v small="$small" -v large="$large" -v bytes=4194304 -v link="$link" \
  -v rate="$([[ $link == none ]] || link_bytes_per_s "$link")" 'BEGIN {
  one_way = small / 2 / 1000
  bw = 2 * bytes / (large / 1e9) / 1e6
  printf "calibration: papbench pingpong pbhost-0 <-> pbhost-1, medians (8 B: 200, 4 MiB: 30 round trips)\n"
  printf "  latency 8 B one-way: %.1f us (target <= 50 us)\n", one_way
  if (rate == "") {
    printf "  bandwidth 4 MiB: %.1f MB/s (link unshaped)\n", bw
  } else {
    # TCP/IP over Ethernet frames: 1448 payload bytes per 1538 on the wire (headers, preamble, gap).
    good = rate * 1448 / 1538 / 1e6
    printf "  bandwidth 4 MiB: %.1f MB/s; link %s = %.1f MB/s raw, %.1f MB/s TCP goodput: %+.1f%% (target within 10%%)\n", bw, link, rate / 1e6, good, (bw / good - 1) * 100
  }
}'
