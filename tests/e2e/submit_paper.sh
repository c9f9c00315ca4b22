#!/usr/bin/env bash
# jobs/submit-paper.sh with stand-in sbatch and qsub that record their arguments: one job per
# experiment and node count, sized from the files, and a report job depending on all of them.
source "$(dirname "$0")/lib.sh"
: "${SOURCE_DIR:?}"
mkdir bin
for s in sbatch qsub; do
  cat >"bin/$s" <<STUB
#!/usr/bin/env bash
echo "\$*" >>"$WORK/$s.log"
n=\$(wc -l <"$WORK/$s.log")
echo "\$((100 + n))"
STUB
  chmod +x "bin/$s"
done
export PATH=$WORK/bin:$PATH

expect_exit 0 bash "$SOURCE_DIR/jobs/submit-paper.sh" proficz2021
# fig10: 48 nodes; fig11: 12 node counts 4..48; then the report job.
[[ $(wc -l <sbatch.log) == 14 ]] || { cat sbatch.log >&2; fail "expected 13 jobs and a report job"; }
expect_contains sbatch.log "--nodes=48 --ntasks-per-node=1"
expect_contains sbatch.log "--nodes=4 --ntasks-per-node=1"
expect_contains sbatch.log "proficz2021-fig11-reduce-scalability.exp"
expect_contains sbatch.log "--dependency=afterany:101:102:103"
expect_contains sbatch.log "jobs/report.sh"

expect_exit 0 bash "$SOURCE_DIR/jobs/submit-paper.sh" --scheduler pbs --quick core
expect_contains qsub.log "select=1:ncpus=4:mpiprocs=4"
expect_contains qsub.log "PAPBENCH_QUICK=1"
expect_contains qsub.log "depend=afterany:101"

expect_exit 2 bash "$SOURCE_DIR/jobs/submit-paper.sh" nosuchpaper
expect_contains err.txt "no experiment file matches 'nosuchpaper'"
expect_exit 2 bash "$SOURCE_DIR/jobs/submit-paper.sh" --scheduler lsf core
expect_contains err.txt "accepted: slurm, pbs"
echo "submit_paper: ok"
