#!/usr/bin/env bash
# tests/e2e/lmod_module.sh PREFIX: the Lmod modulefile of an install (packaging/lmod) works with a
# real Lmod: `module use PREFIX/share/modulefiles`, `module load papbench`, and what that gives:
# papbench and papbench-report from PREFIX/bin, --version, $PAPBENCH_DATADIR/jobs, the man page
# (once installed), the bash completion's folder on XDG_DATA_DIRS, `module whatis`, and an unload
# that takes all of it back. Exit 0: passed; 77: skipped (no Lmod; tools/bootstrap.sh --test
# installs Debian's lmod); 1: failed.
set -euo pipefail
prefix=${1:?usage: lmod_module.sh PREFIX (a papbench install)}
prefix=$(cd "$prefix" && pwd -P)
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/papbench-lmod.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"

# Lmod's bash init: Debian's lmod package, a site install under /opt or /usr/share, or $LMOD_PKG.
lmod_init=""
for f in ${LMOD_PKG:+"$LMOD_PKG/init/bash"} /usr/share/lmod/lmod/init/bash \
         /opt/apps/lmod/lmod/init/bash /usr/local/lmod/lmod/init/bash; do
  if [[ -r $f ]]; then lmod_init=$f; break; fi
done
if [[ -z $lmod_init ]]; then
  echo "SKIP: Lmod is not installed (Debian: apt-get install lmod)"
  exit 77
fi

modulefiles=$prefix/share/modulefiles
[[ -f $modulefiles/papbench/$(ls "$modulefiles/papbench" 2>/dev/null | head -n 1) ]] ||
  fail "no modulefile under $modulefiles/papbench (packaging/CMakeLists.txt installs it)"

# A clean slate: this shell's own PATH without any papbench, no modules loaded, none of the
# variables the module sets; man's and bash-completion's defaults (both unset).
PATH=$(tr ':' '\n' <<<"$PATH" | grep -vF "$prefix/" | paste -sd: -) || true
unset MODULEPATH LOADEDMODULES _LMFILES_ PAPBENCH_DATADIR MANPATH XDG_DATA_DIRS
export LMOD_REDIRECT=no  # Lmod's messages on stderr, where this script keeps them apart
# shellcheck source=/dev/null
source "$lmod_init"
path_before=$PATH

module use "$modulefiles"
module load papbench 2>lmod_err.txt || { cat lmod_err.txt >&2; fail "module load papbench failed"; }

got=$(command -v papbench) || fail "papbench is not on PATH after module load"
[[ $got == "$prefix/bin/papbench" ]] || fail "papbench on PATH is $got, not $prefix/bin/papbench"
got=$(command -v papbench-report) || fail "papbench-report is not on PATH after module load"
[[ $got == "$prefix/bin/papbench-report" ]] || fail "papbench-report on PATH is $got"
papbench --version >version.txt 2>&1 || { cat version.txt >&2; fail "papbench --version failed"; }
grep -q "[0-9]\.[0-9]" version.txt || { cat version.txt >&2; fail "papbench --version printed no version"; }
papbench-report --version >/dev/null 2>&1 || fail "papbench-report --version failed"

[[ ${PAPBENCH_DATADIR:-} == "$prefix/share/papbench" ]] ||
  fail "PAPBENCH_DATADIR is '${PAPBENCH_DATADIR:-}', not $prefix/share/papbench"
[[ -d $PAPBENCH_DATADIR/jobs ]] || fail "\$PAPBENCH_DATADIR/jobs ($PAPBENCH_DATADIR/jobs) is missing"

# The man page comes with the docs (PAPBENCH_BUILD_DOCS); an install without it skips this part.
# The system's pages must stay reachable: MANPATH keeps an empty entry for them.
[[ :${MANPATH:-}: == *":$prefix/share/man:"* ]] || fail "MANPATH ('${MANPATH:-}') lacks $prefix/share/man"
[[ :${MANPATH}: == *::* ]] || fail "MANPATH ('$MANPATH') has no empty entry: man would lose the system's pages"
if ! command -v man >/dev/null; then
  echo "man page: not checked (no man command)"
elif ! compgen -G "$prefix/share/man/man1/papbench.1*" >/dev/null; then
  echo "man page: not checked ($prefix/share/man/man1/papbench.1 is not installed)"
else
  page=$(man -w papbench) || fail "man -w papbench finds no page (MANPATH=$MANPATH)"
  [[ $page == "$prefix/share/man/man1/papbench.1"* ]] || fail "man -w papbench gives $page"
  if [[ -d /usr/share/man/man1 ]] && compgen -G "/usr/share/man/man1/ls.1*" >/dev/null; then
    man -w ls >/dev/null || fail "with the module loaded, man -w ls finds no page"
  fi
  echo "man page: $page"
fi

# bash-completion looks in $XDG_DATA_DIRS/bash-completion/completions, defaults kept behind it.
[[ :${XDG_DATA_DIRS:-}: == *":$prefix/share:"* ]] ||
  fail "XDG_DATA_DIRS ('${XDG_DATA_DIRS:-}') lacks $prefix/share"
[[ :$XDG_DATA_DIRS: == *:/usr/share:* ]] || fail "XDG_DATA_DIRS ('$XDG_DATA_DIRS') lost /usr/share"
if [[ -f $prefix/share/bash-completion/completions/papbench ]]; then
  echo "completion: $prefix/share/bash-completion/completions/papbench"
else
  echo "completion: not checked ($prefix/share/bash-completion/completions/papbench is not installed)"
fi

module whatis papbench >whatis.txt 2>&1 || { cat whatis.txt >&2; fail "module whatis papbench failed"; }
grep -q "Description: MPI collective benchmark" whatis.txt || { cat whatis.txt >&2; fail "module whatis lacks the description"; }
grep -q "Built with: " whatis.txt || { cat whatis.txt >&2; fail "module whatis lacks the MPI and HDF5 it was built with"; }
module help papbench >help.txt 2>&1 || fail "module help papbench failed"
grep -q "PAPBENCH_DATADIR" help.txt || { cat help.txt >&2; fail "module help says nothing of PAPBENCH_DATADIR"; }

module unload papbench 2>lmod_err.txt || { cat lmod_err.txt >&2; fail "module unload papbench failed"; }
if command -v papbench >/dev/null; then fail "papbench is still on PATH after module unload"; fi
[[ -z ${PAPBENCH_DATADIR:-} ]] || fail "PAPBENCH_DATADIR is still set after module unload"
[[ :${MANPATH:-}: != *":$prefix/"* ]] || fail "MANPATH still names $prefix after unload"
[[ :${XDG_DATA_DIRS:-}: != *":$prefix/"* ]] || fail "XDG_DATA_DIRS still names $prefix after unload"
[[ :$PATH: != *":$prefix/"* ]] || fail "PATH still names $prefix after unload"
# Lmod drops duplicate PATH entries, so PATH may be shorter than before, but it lost no folder.
IFS=: read -ra before <<<"$path_before"
for dir in "${before[@]}"; do
  [[ :$PATH: == *":$dir:"* ]] || fail "PATH lost $dir across module load and unload"
done
echo "lmod_module: ok ($lmod_init, $modulefiles)"
