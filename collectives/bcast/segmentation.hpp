#pragma once
// How Open MPI 3.1's coll/base cuts a broadcast into segments ([OpenMPI] coll_base_functions.h
// COLL_BASE_COMPUTED_SEGCOUNT and bcast_intra_split_bintree, v3.1.6). Pure arithmetic; element
// counts, sizes in bytes of the datatype's type size (not its extent).

#include <array>
#include <cstddef>

namespace papbench::bcast {

// Elements per segment of the generic tree broadcast: segsize / type_size, plus one when the
// residual is more than half an element; the whole message (count) when segsize is below one
// element or not below the message (no segmentation), so segsize 0 means one segment.
std::size_t segment_elements(std::size_t segsize, std::size_t type_size, std::size_t count);

// ceil(count / segcount): the last segment may be shorter. 0 for count 0.
std::size_t segment_total(std::size_t count, std::size_t segcount);

// Split-binary's plan: the first half has ceil(count/2) elements, the second the rest; each half
// is cut into segments of segsize / type_size elements (no rounding here, unlike
// segment_elements; segsize is first raised to one element), or is one segment when segsize is 0.
// When a half is empty or smaller than a segment, Open MPI broadcasts with the pipeline (chain,
// fanout 1) instead, with the raised segsize.
struct SplitPlan {
  bool fallback = false;                  // use the pipeline with `segsize` instead
  std::size_t segsize = 0;                // bytes, raised to at least one element when nonzero
  std::array<std::size_t, 2> counts{};    // elements of each half
  std::array<std::size_t, 2> segcount{};  // elements per segment of each half
  std::array<std::size_t, 2> segments{};  // segments of each half
};
SplitPlan split_binary_plan(std::size_t count, std::size_t type_size, std::size_t segsize);

}  // namespace papbench::bcast
