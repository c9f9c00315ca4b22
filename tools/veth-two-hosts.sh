#!/usr/bin/env bash
# Runs an MPI command on two "hosts" of this machine: two Linux network namespaces joined by a
# veth pair, each with its own hostname (UTS namespace) and half the ranks, talking over Open
# MPI's TCP BTL across the veth link. So papbench's topology sees two real nodes (Open MPI's
# MPI_COMM_TYPE_SHARED split is per daemon) and node-to-node messages cross a network stack
# instead of shared memory, where one host otherwise has only --virtual-ppn.
#
# Usage: tools/veth-two-hosts.sh [--per-host K] [--mpiexec-arg ARG]... [--] COMMAND [ARGS...]
#   --per-host K       ranks per host (default 4): 2K ranks, ranks 0..K-1 on host A
#   --mpiexec-arg ARG  one more argument for mpiexec (repeatable), e.g. --mpiexec-arg --tag-output
#   COMMAND            what every rank runs, e.g. build/bench/papbench --collective allgather ...
# Environment: MPIEXEC (default mpiexec; Open MPI 4.x: the remote host is started through an
# rsh agent, plm_rsh_agent, that enters the second namespace).
#
# How: mpiexec runs inside namespace A (hostname pbhost-a, 10.77.0.1); the hostfile names
# 10.77.0.1 (mpiexec's own address, so its ranks start locally) and 10.77.0.2; Open MPI starts
# its daemon for 10.77.0.2 through the agent, which runs it inside namespace B (hostname
# pbhost-b). Messages: btl tcp,vader,self with TCP and the daemons' out-of-band channel limited
# to the veth subnet; shared memory (vader, node-shared windows) only within a namespace.
# The namespaces, the link and the scratch directory are removed on every exit (trap).
#
# Needs root, iproute2 (ip netns), util-linux unshare and Open MPI. Exit code 77 (skip) with a
# line saying what is missing when it cannot set up; otherwise the command's exit code.
set -euo pipefail

per_host=4
mpiexec_args=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --per-host) per_host=$2; shift 2 ;;
    --mpiexec-arg) mpiexec_args+=("$2"); shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "veth-two-hosts: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) break ;;
  esac
done
[[ $# -gt 0 ]] || { echo "veth-two-hosts: no command given (see --help)" >&2; exit 2; }
[[ $per_host =~ ^[1-9][0-9]*$ ]] || {
  echo "veth-two-hosts: --per-host: '$per_host' is not accepted; accepted: an integer >= 1" >&2
  exit 2
}

skip() { echo "veth-two-hosts: SKIP: $*"; exit 77; }
read -r -a mpiexec <<<"${MPIEXEC:-mpiexec}"
[[ $(id -u) -eq 0 ]] || skip "needs root for ip netns and veth links (uid $(id -u))"
for tool in ip unshare hostname; do
  command -v "$tool" >/dev/null || skip "'$tool' not found"
done
"${mpiexec[0]}" --version 2>&1 | grep -q "Open MPI\|OpenRTE" ||
  skip "${mpiexec[0]} is not Open MPI (the second host is started through its plm_rsh_agent)"

tag="pb$$"  # interface names are at most 15 characters
ns_a="${tag}a" ns_b="${tag}b"
addr_a=10.77.0.1 addr_b=10.77.0.2 subnet=10.77.0.0/24
scratch=$(mktemp -d "${TMPDIR:-/tmp}/veth-two-hosts.XXXXXX")
made=()
cleanup() {
  local ns pid
  for ns in "${made[@]}"; do
    # What is still running in the namespace was started by this script's mpiexec.
    for pid in $(ip netns pids "$ns" 2>/dev/null); do kill "$pid" 2>/dev/null || true; done
    ip netns del "$ns" 2>/dev/null || true  # takes its end of the veth pair, and so the pair
  done
  rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

for ns in "$ns_a" "$ns_b"; do
  ip netns add "$ns" 2>"$scratch/err" || skip "ip netns add failed: $(cat "$scratch/err")"
  made+=("$ns")
  ip -n "$ns" link set lo up
done
ip link add "${tag}va" type veth peer name "${tag}vb" 2>"$scratch/err" ||
  skip "no veth pair: $(cat "$scratch/err")"
ip link set "${tag}va" netns "$ns_a"
ip link set "${tag}vb" netns "$ns_b"
ip -n "$ns_a" addr add "$addr_a/24" dev "${tag}va"
ip -n "$ns_b" addr add "$addr_b/24" dev "${tag}vb"
ip -n "$ns_a" link set "${tag}va" up
ip -n "$ns_b" link set "${tag}vb" up

# Open MPI calls the agent as `AGENT HOST COMMAND...`, COMMAND being what a remote shell would
# run (quoted words); the agent runs it in the host's namespace under the host's name.
cat >"$scratch/agent.sh" <<EOF
#!/bin/sh
host=\$1; shift
case \$host in
  $addr_b) exec ip netns exec $ns_b unshare --uts /bin/sh -c "hostname pbhost-b; \$*" ;;
  *) echo "veth-two-hosts agent: unknown host \$host" >&2; exit 1 ;;
esac
EOF
chmod +x "$scratch/agent.sh"
printf '%s slots=%d\n%s slots=%d\n' "$addr_a" "$per_host" "$addr_b" "$per_host" >"$scratch/hosts"

ranks=$((2 * per_host))
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1  # root was required above
echo "veth-two-hosts: $ranks ranks, $per_host on pbhost-a ($ns_a, $addr_a) and $per_host on" \
  "pbhost-b ($ns_b, $addr_b), TCP over veth"
set +e
ip netns exec "$ns_a" unshare --uts /bin/sh -c 'hostname pbhost-a && exec "$@"' sh \
  "${mpiexec[@]}" --hostfile "$scratch/hosts" -n "$ranks" --map-by slot --bind-to none \
  --mca plm_rsh_agent "$scratch/agent.sh" --mca btl tcp,vader,self \
  --mca btl_tcp_if_include "$subnet" --mca oob_tcp_if_include "$subnet" \
  "${mpiexec_args[@]}" "$@"
status=$?
set -e
exit "$status"
