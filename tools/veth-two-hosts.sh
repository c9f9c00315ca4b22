#!/usr/bin/env bash
# Runs an MPI command on two "hosts" of this machine, joined by unshaped veth links: the first
# form of tools/emulated-cluster.sh, kept under its name. Equivalent to
#   tools/emulated-cluster.sh --hosts 2 --link none [--per-host K] [--mpiexec-arg ARG]... -- COMMAND
# Usage: tools/veth-two-hosts.sh [--per-host K] [--mpiexec-arg ARG]... [--] COMMAND [ARGS...]
#   --per-host K       ranks per host (default 4): 2K ranks, ranks 0..K-1 on host pbhost-0
#   --mpiexec-arg ARG  one more argument for mpiexec (repeatable)
# Hostnames pbhost-0 and pbhost-1; exit 77 (skip) where it cannot set up; see
# tools/emulated-cluster.sh --help.
set -euo pipefail
per_host=4
args=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --per-host) per_host=${2:-}; shift 2 || { echo "veth-two-hosts: --per-host needs a value" >&2; exit 2; } ;;
    --mpiexec-arg) args+=(--mpiexec-arg "${2:-}"); shift 2 || { echo "veth-two-hosts: --mpiexec-arg needs a value" >&2; exit 2; } ;;
    --) shift; break ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "veth-two-hosts: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) break ;;
  esac
done
exec "$(dirname "${BASH_SOURCE[0]}")/emulated-cluster.sh" --hosts 2 --link none \
  --per-host "$per_host" "${args[@]}" -- "$@"
