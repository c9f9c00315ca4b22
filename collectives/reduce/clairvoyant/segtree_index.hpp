#pragma once
// Internal interface of the segment-tree Clairvoyant scheduler (segtree.cpp), exposed for the
// micro-benchmarks (bench/micro/clv_segtree_micro.cpp), the tests and `papbench schedgen`, which
// need the choice of code path and the column layout. The public entry point stays
// clv::schedule_segtree(Instance) in schedule.hpp.
//
// Columns (N bits per process) are padded to whole 256-bit blocks so that the AVX2 path handles a
// block with one instruction; the scalar path handles the same block as four 64-bit words.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "collectives/reduce/clairvoyant/footprint.hpp"
#include "collectives/reduce/clairvoyant/schedule.hpp"

namespace papbench::clv::segtree {

using Word = std::uint64_t;
inline constexpr int kWordBits = 64;
inline constexpr int kBlockWords = 4;  // 256 bits: one AVX2 register
inline constexpr int kBlockBits = kWordBits * kBlockWords;

// Which implementation of the wide kernel (a sender's leaf out of the holder counts) runs.
enum class Path { kScalar, kAvx2 };
bool path_available(Path path);         // kAvx2 needs a CPU with AVX2 (checked at run time)
Path best_path();                       // kAvx2 where available, else kScalar
std::string_view path_name(Path path);  // "scalar64", "avx2"
// Parses "auto" (best_path()), "scalar64"/"scalar" or "avx2"; throws std::invalid_argument for
// anything else or for a path this CPU cannot run.
Path parse_path(std::string_view name);

// Words in one padded column of N bits.
std::size_t column_words(int segments);

using WordVector = std::vector<Word, CountingAllocator<Word>>;

// How a round keeps the sets "held by another unsent leaf at least once / twice" that the
// segment search reads (segtree.cpp): counted exactly after every transfer, or derived at the
// round's start and checked (a candidate is confirmed by finding its sender, a failed one is
// dropped). The same schedule either way; kAdaptive picks per round by what the checks cost.
enum class Sets { kAdaptive, kCounted, kChecked };

// schedule_segtree with the kernel path (and, for tests and benchmarks, the sets) chosen by the
// caller.
Schedule schedule(const Instance& in, Path path, Sets sets = Sets::kAdaptive);

}  // namespace papbench::clv::segtree
