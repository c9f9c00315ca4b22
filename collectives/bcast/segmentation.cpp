#include "collectives/bcast/segmentation.hpp"

namespace papbench::bcast {

std::size_t segment_elements(std::size_t segsize, std::size_t type_size, std::size_t count) {
  if (segsize < type_size || segsize >= type_size * count) return count;
  const std::size_t whole = segsize / type_size;
  const std::size_t residual = segsize - whole * type_size;
  return residual > type_size / 2 ? whole + 1 : whole;
}

std::size_t segment_total(std::size_t count, std::size_t segcount) {
  return segcount == 0 ? 0 : (count + segcount - 1) / segcount;
}

SplitPlan split_binary_plan(std::size_t count, std::size_t type_size, std::size_t segsize) {
  SplitPlan p;
  p.counts = {(count + 1) / 2, count / 2};
  p.segsize = segsize > 0 && segsize < type_size ? type_size : segsize;
  for (int i = 0; i < 2; ++i) {
    p.segcount[i] = p.segsize > 0 ? p.segsize / type_size : p.counts[i];
    p.segments[i] = p.segsize > 0 ? segment_total(p.counts[i], p.segcount[i]) : 1;
  }
  p.fallback = p.counts[0] == 0 || p.counts[1] == 0 || p.segsize > p.counts[0] * type_size ||
               p.segsize > p.counts[1] * type_size;
  return p;
}

}  // namespace papbench::bcast
