#!/usr/bin/env bash
# Checks the #PBS directives of a PBS Pro job script: every one must come before the first
# command (qsub ignores later ones), use an option qsub accepts in scripts, and, for -l, a
# well-formed select chunk, walltime or place. Prints each problem as FILE:LINE; exits 1 if any.
set -euo pipefail
file=$1
status=0
problem() {
  echo "$file:$1: $2" >&2
  status=1
}
seen_command=0
n=0
chunk_res='(ncpus|mpiprocs|ompthreads|mem|ngpus|host|vnode|arch)=[A-Za-z0-9._-]+'
while IFS= read -r line || [[ -n $line ]]; do
  n=$((n + 1))
  if [[ $line =~ ^#PBS ]]; then
    ((seen_command)) && { problem "$n" "#PBS after the first command is ignored by qsub: $line"; continue; }
    if [[ ! $line =~ ^#PBS\ -([A-Za-z])(\ +(.*))?$ ]]; then
      problem "$n" "not '#PBS -X value': $line"
      continue
    fi
    opt=${BASH_REMATCH[1]}
    val=${BASH_REMATCH[3]:-}
    case $opt in
      N) [[ $val =~ ^[A-Za-z][A-Za-z0-9._-]{0,235}$ ]] || problem "$n" "-N: bad job name '$val'" ;;
      j) [[ $val =~ ^(oe|eo|n)$ ]] || problem "$n" "-j: '$val'; accepted: oe, eo, n" ;;
      m) [[ $val =~ ^([abe]+|n)$ ]] || problem "$n" "-m: '$val'; accepted: a, b, e combinations or n" ;;
      o | e) [[ -n $val ]] || problem "$n" "-$opt needs a path" ;;
      q | A | W) [[ -n $val ]] || problem "$n" "-$opt needs a value" ;;
      V | r) [[ -z $val || $opt == r && $val =~ ^[yn]$ ]] || problem "$n" "-$opt: unexpected '$val'" ;;
      l)
        IFS=, read -r -a resources <<<"$val"
        for r in "${resources[@]}"; do
          case $r in
            select=*)
              [[ $r =~ ^select=[1-9][0-9]*(:$chunk_res)*(\+[1-9][0-9]*(:$chunk_res)*)*$ ]] ||
                problem "$n" "-l: bad chunk request '$r' (select=N:ncpus=C:mpiprocs=P)"
              ;;
            walltime=*)
              [[ $r =~ ^walltime=[0-9]+:[0-5][0-9]:[0-5][0-9]$ ]] ||
                problem "$n" "-l: bad walltime '$r' (HH:MM:SS)"
              ;;
            place=*)
              [[ $r =~ ^place=(free|pack|scatter|vscatter)?(:?(excl|shared|exclhost))?$ ]] ||
                problem "$n" "-l: bad placement '$r'"
              ;;
            *) problem "$n" "-l: unknown resource '$r' (select, walltime, place)" ;;
          esac
        done
        ;;
      *) problem "$n" "-$opt is not a job script option this project uses (N l j o e q A m V W r)" ;;
    esac
  elif [[ ! $line =~ ^[[:space:]]*(#.*)?$ ]]; then
    seen_command=1
  fi
done <"$file"
exit "$status"
