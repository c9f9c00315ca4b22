#pragma once
// Relative ranks of the rooted point-to-point algorithms (the reduce baselines, the MPICH 3.0.4
// re-implementations): the root becomes 0, so each algorithm is written for root 0 (MPICH's
// relative_rank), and absolute turns a relative rank back.

namespace papbench {

inline int relative(int rank, int root, int size) {
  return (rank - root + size) % size;
}
inline int absolute(int rel, int root, int size) {
  return (rel + root) % size;
}

}  // namespace papbench
