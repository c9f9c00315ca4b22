#include "collectives/core/block_tree.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

#include "collectives/core/buffers.hpp"
#include "collectives/core/cooperative_mpi.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

// True when the root's buffer lists rank 0, 1, ... in order, so it can be the user's buffer
// itself (Open MPI's trees with root 0 never copy).
bool root_in_rank_order(const BlockTree& t) {
  const std::vector<int>& b = t.blocks[0];
  for (std::size_t j = 0; j < b.size(); ++j) {
    if (t.rank_of[static_cast<std::size_t>(b[j])] != static_cast<int>(j)) return false;
  }
  return true;
}

std::byte* staging_for(std::vector<std::byte>& staging, std::size_t bytes) {
  // Never empty: some MPI libraries reject a null buffer even for zero elements.
  if (staging.size() < std::max<std::size_t>(bytes, 1))
    staging.resize(std::max<std::size_t>(bytes, 1));
  return staging.data();
}

// Fills in blocks and offsets from the children lists; children always have larger slots.
BlockTree finish(std::vector<int> rank_of, std::vector<int> parent,
                 std::vector<std::vector<int>> children) {
  BlockTree t;
  const std::size_t p = rank_of.size();
  t.slot_of.assign(p, 0);
  for (std::size_t x = 0; x < p; ++x) t.slot_of[static_cast<std::size_t>(rank_of[x])] = int(x);
  t.blocks.assign(p, {});
  t.offset.assign(p, 0);
  for (std::size_t x = p; x-- > 0;) {
    std::vector<int>& b = t.blocks[x];
    b.push_back(static_cast<int>(x));
    for (const int c : children[x]) {
      t.offset[static_cast<std::size_t>(c)] = b.size();
      const std::vector<int>& cb = t.blocks[static_cast<std::size_t>(c)];
      b.insert(b.end(), cb.begin(), cb.end());
    }
  }
  t.rank_of = std::move(rank_of);
  t.parent = std::move(parent);
  t.children = std::move(children);
  return t;
}

std::size_t lowbit(std::size_t x) {
  return x & (~x + 1);
}
std::size_t highbit(std::size_t x) {
  std::size_t h = 1;
  while (h <= x / 2) h <<= 1;
  return h;
}

}  // namespace

RankBlockBytes::RankBlockBytes(const Args& a) : count(count_as_int(a.count, "block count")) {
  MPI_Aint lb = 0;
  mpi_check(MPI_Type_get_extent(a.dtype, &lb, &extent), "MPI_Type_get_extent");
  bytes = static_cast<std::size_t>(extent) * a.count;
}

int RankBlockBytes::elements(std::size_t blocks) const {
  return count_as_int(blocks * static_cast<std::size_t>(count), "elements of a subtree");
}

std::size_t next_pow2(std::size_t p) {
  std::size_t k = 1;
  while (k < p) k <<= 1;
  return k;
}

BlockTree lowbit_tree(std::vector<int> rank_of, bool largest_first) {
  const std::size_t p = rank_of.size(), k = next_pow2(p);
  std::vector<int> parent(p, -1);
  std::vector<std::vector<int>> children(p);
  for (std::size_t x = 0; x < p; ++x) {
    const std::size_t span = x == 0 ? k : lowbit(x);
    if (x > 0) parent[x] = static_cast<int>(x - span);
    for (std::size_t i = 1; i < span && x + i < p; i <<= 1) {
      children[x].push_back(static_cast<int>(x + i));
    }
    if (largest_first) std::reverse(children[x].begin(), children[x].end());
  }
  return finish(std::move(rank_of), std::move(parent), std::move(children));
}

BlockTree highbit_tree(std::vector<int> rank_of) {
  const std::size_t p = rank_of.size(), k = next_pow2(p);
  std::vector<int> parent(p, -1);
  std::vector<std::vector<int>> children(p);
  for (std::size_t x = 0; x < p; ++x) {
    const std::size_t hb = x == 0 ? k : highbit(x);
    if (x > 0) parent[x] = static_cast<int>(x - hb);
    for (std::size_t i = k / 2; i > 0 && (x == 0 ? i < hb : i > hb); i >>= 1) {
      if (x + i < p) children[x].push_back(static_cast<int>(x + i));
    }
  }
  return finish(std::move(rank_of), std::move(parent), std::move(children));
}

std::vector<int> rotated_slots(int size, int root) {
  std::vector<int> r(static_cast<std::size_t>(size));
  for (int x = 0; x < size; ++x) r[static_cast<std::size_t>(x)] = (x + root) % size;
  return r;
}

void tree_scatter_root(const BlockTree& t, const Args& a, MPI_Comm comm, int tag,
                       std::vector<std::byte>& staging) {
  const RankBlockBytes l(a);
  const std::byte* src = static_cast<const std::byte*>(a.send);
  if (!root_in_rank_order(t)) {
    // Each child's subtree must be one contiguous message.
    std::byte* buf = staging_for(staging, t.blocks[0].size() * l.bytes);
    for (std::size_t j = 1; j < t.blocks[0].size(); ++j) {
      const auto rank =
          static_cast<std::size_t>(t.rank_of[static_cast<std::size_t>(t.blocks[0][j])]);
      copy_bytes(l.at(buf, j), l.at(a.send, rank), l.bytes);
    }
    src = buf;
  }
  copy_bytes(a.recv, l.at(a.send, static_cast<std::size_t>(t.rank_of[0])), l.bytes);
  for (const int c : t.children[0]) {
    const auto cs = static_cast<std::size_t>(c);
    mpi_check(MPI_Send(l.at(src, t.offset[cs]), l.elements(t.blocks[cs].size()), a.dtype,
                       t.rank_of[cs], tag, comm),
              "MPI_Send");
  }
}

void tree_scatter_nonroot(const BlockTree& t, const Args& a, MPI_Comm comm, int tag,
                          std::vector<std::byte>& staging) {
  const auto x = static_cast<std::size_t>(t.slot_of[static_cast<std::size_t>(comm_rank(comm))]);
  const int from = t.rank_of[static_cast<std::size_t>(t.parent[x])];
  const RankBlockBytes l(a);
  if (t.children[x].empty()) {
    coop::recv(a.recv, l.count, a.dtype, from, tag, comm);
    return;
  }
  std::byte* buf = staging_for(staging, t.blocks[x].size() * l.bytes);
  coop::recv(buf, l.elements(t.blocks[x].size()), a.dtype, from, tag, comm);
  for (const int c : t.children[x]) {
    const auto cs = static_cast<std::size_t>(c);
    coop::send(l.at(buf, t.offset[cs]), l.elements(t.blocks[cs].size()), a.dtype, t.rank_of[cs],
               tag, comm);
  }
  copy_bytes(a.recv, buf, l.bytes);
}

void tree_gather_receive(const BlockTree& t, const Args& a, MPI_Comm comm, int tag,
                         std::vector<std::byte>& staging) {
  const auto x = static_cast<std::size_t>(t.slot_of[static_cast<std::size_t>(comm_rank(comm))]);
  if (t.children[x].empty()) return;
  const RankBlockBytes l(a);
  std::byte* buf = x == 0 && root_in_rank_order(t)
                       ? static_cast<std::byte*>(a.recv)
                       : staging_for(staging, t.blocks[x].size() * l.bytes);
  for (const int c : t.children[x]) {
    const auto cs = static_cast<std::size_t>(c);
    coop::recv(l.at(buf, t.offset[cs]), l.elements(t.blocks[cs].size()), a.dtype, t.rank_of[cs],
               tag, comm);
  }
}

void tree_gather_finish(const BlockTree& t, const Args& a, MPI_Comm comm, int tag,
                        std::vector<std::byte>& staging) {
  const auto x = static_cast<std::size_t>(t.slot_of[static_cast<std::size_t>(comm_rank(comm))]);
  const RankBlockBytes l(a);
  if (x != 0) {
    const int to = t.rank_of[static_cast<std::size_t>(t.parent[x])];
    if (t.children[x].empty()) {
      mpi_check(MPI_Send(a.send, l.count, a.dtype, to, tag, comm), "MPI_Send");
      return;
    }
    copy_bytes(staging.data(), a.send, l.bytes);
    mpi_check(MPI_Send(staging.data(), l.elements(t.blocks[x].size()), a.dtype, to, tag, comm),
              "MPI_Send");
    return;
  }
  copy_bytes(l.at(a.recv, static_cast<std::size_t>(t.rank_of[0])), a.send, l.bytes);
  if (t.children[0].empty() || root_in_rank_order(t)) return;
  for (std::size_t j = 1; j < t.blocks[0].size(); ++j) {
    const auto rank = static_cast<std::size_t>(t.rank_of[static_cast<std::size_t>(t.blocks[0][j])]);
    copy_bytes(l.at(a.recv, rank), l.at(staging.data(), j), l.bytes);
  }
}

}  // namespace papbench
