#include "collectives/core/collective_layouts.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <stdexcept>
#include <string>
#include <string_view>

#include "collectives/core/intergroup.hpp"
#include "common/errors.hpp"

namespace papbench::layout {
namespace {

// ---- Helpers -------------------------------------------------------------------------------

std::uint64_t int_checked(std::uint64_t v, std::string_view what) {
  if (v > static_cast<std::uint64_t>(INT_MAX)) {
    throw std::overflow_error(fmt::format(
        "{} would be {} elements, which does not fit in an MPI int count or displacement (at "
        "most {})",
        what, v, INT_MAX));
  }
  return v;
}

// Counts as ints plus their prefix-sum displacements; the total must fit in an int as well,
// since it is the last displacement's end.
std::uint64_t fill_counts(std::vector<int>& counts, std::vector<int>& displs, std::size_t n,
                          auto count_of, std::string_view what) {
  counts.assign(n, 0);
  displs.assign(n, 0);
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t c = int_checked(count_of(i), what);
    displs[i] = static_cast<int>(total);
    counts[i] = static_cast<int>(c);
    total = int_checked(total + c, what);
  }
  return total;
}

// Number of d in [0, upto) with d % m == e.
std::uint64_t in_class(std::uint64_t upto, std::uint64_t e, std::uint64_t m) {
  return upto / m + (e < upto % m);
}

// The period of alltoallv's block sizes in either rank: mod 3 for the tests' blocks, mod 2 for
// every-other.
std::uint64_t alltoallv_period(BlockDist dist) {
  return dist == BlockDist::kEveryOther ? 2 : 3;
}

// Sum of alltoallv blocks from rank `from` to ranks 0..upto-1; block sizes depend on the
// destination only through its residue mod the period, so this is a few terms, not upto.
std::uint64_t alltoallv_sent_before(std::uint64_t count, int from, std::uint64_t upto,
                                    BlockDist dist) {
  const std::uint64_t m = alltoallv_period(dist);
  std::uint64_t s = 0;
  for (std::uint64_t e = 0; e < m; ++e)
    s += in_class(upto, e, m) * alltoallv_block_count(count, from, int(e), dist);
  return s;
}

std::uint64_t alltoallv_received(std::uint64_t count, std::uint64_t ranks, int to, BlockDist dist) {
  const std::uint64_t m = alltoallv_period(dist);
  std::uint64_t s = 0;
  for (std::uint64_t e = 0; e < m; ++e)
    s += in_class(ranks, e, m) * alltoallv_block_count(count, int(e), to, dist);
  return s;
}

std::string block_what(const Inputs& in) {
  return fmt::format("{} block", in.collective.name);
}

// P blocks of `len` elements; checked on every rank, so that all refuse alike.
std::size_t all_blocks(const Inputs& in, std::size_t len) {
  return int_checked(std::uint64_t(in.size) * len, fmt::format("{} buffer", in.collective.name));
}

// ---- One layout per collective -------------------------------------------------------------

Layout reduce(const Inputs& in, Layout l) {
  const bool is_root = in.rank == in.root;
  l.send_elems = in.count;
  l.recv_elems = is_root ? in.count : 0;
  if (is_root) l.expect.push_back({0, 0, in.count, 0, 0});
  return l;
}

Layout allreduce(const Inputs& in, Layout l) {
  l.send_elems = l.recv_elems = in.count;
  l.expect.push_back({0, 0, in.count, 0, 0});
  return l;
}

Layout reduce_scatter(const Inputs& in, Layout l) {
  const auto r = static_cast<std::size_t>(in.rank);
  l.send_elems = fill_counts(
      l.recv_counts, l.recv_displs, std::size_t(in.size),
      [&](std::size_t i) { return vblock_count(in.count, int(i)); }, block_what(in));
  l.recv_elems = std::size_t(l.recv_counts[r]);
  l.expect.push_back({in.rank, 0, l.recv_elems, 0, std::uint64_t(l.recv_displs[r])});
  return l;
}

Layout bcast(const Inputs& in, Layout l) {
  l.recv_elems = in.count;
  l.fill_recv = in.rank == in.root;
  l.send_is_recv = true;
  l.fill_src = std::uint64_t(in.root);
  l.expect.push_back({0, 0, in.count, std::uint64_t(in.root), 0});
  return l;
}

Layout scatter(const Inputs& in, Layout l) {
  const std::size_t n = in.count;
  l.send_elems = all_blocks(in, n);
  if (in.rank != in.root) l.send_elems = 0;
  l.recv_elems = n;
  l.expect.push_back({in.rank, 0, n, std::uint64_t(in.root), std::uint64_t(in.rank) * n});
  return l;
}

// gather and allgather: every rank's block in rank order, at the root or at every rank.
Layout gather_blocks(const Inputs& in, Layout l, bool everywhere) {
  const std::size_t n = in.count;
  l.send_elems = n;
  l.recv_elems = all_blocks(in, n);
  if (!everywhere && in.rank != in.root) {
    l.recv_elems = 0;
    return l;
  }
  for (std::size_t j = 0; j < std::size_t(in.size); ++j)
    l.expect.push_back({int(j), j * n, n, j, 0});
  return l;
}

Layout gather(const Inputs& in, Layout l) {
  return gather_blocks(in, std::move(l), false);
}

Layout allgather(const Inputs& in, Layout l) {
  return gather_blocks(in, std::move(l), true);
}

Layout allgatherv(const Inputs& in, Layout l) {
  const auto P = std::size_t(in.size);
  l.recv_elems = fill_counts(
      l.counts, l.displs, P, [&](std::size_t i) { return vblock_count(in.count, int(i)); },
      block_what(in));
  l.send_elems = std::size_t(l.counts[std::size_t(in.rank)]);
  l.sets_send_count = true;
  for (std::size_t j = 0; j < P; ++j) {
    l.expect.push_back({int(j), std::size_t(l.displs[j]), std::size_t(l.counts[j]), j, 0});
  }
  return l;
}

Layout alltoall(const Inputs& in, Layout l) {
  const std::size_t n = in.count;
  const auto r = static_cast<std::size_t>(in.rank);
  l.send_elems = l.recv_elems = all_blocks(in, n);
  for (std::size_t j = 0; j < std::size_t(in.size); ++j) {
    l.expect.push_back({int(j), j * n, n, j, r * n});
  }
  return l;
}

Layout alltoallv(const Inputs& in, Layout l) {
  const std::uint64_t n = in.count;
  const auto P = std::size_t(in.size);
  const std::string what = block_what(in);
  // Buffer lengths differ by rank; every rank checks the three distinct ones so that all refuse
  // alike.
  const BlockDist dist = in.shape.dist;
  for (int i = 0; i < std::min(in.size, 3); ++i) {
    int_checked(alltoallv_sent_before(n, i, P, dist), what);
    int_checked(alltoallv_received(n, P, i, dist), what);
  }
  l.send_elems = fill_counts(
      l.counts, l.displs, P,
      [&](std::size_t j) { return alltoallv_block_count(n, in.rank, int(j), dist); }, what);
  l.recv_elems = fill_counts(
      l.recv_counts, l.recv_displs, P,
      [&](std::size_t j) { return alltoallv_block_count(n, int(j), in.rank, dist); }, what);
  for (std::size_t j = 0; j < P; ++j) {
    l.expect.push_back({int(j), std::size_t(l.recv_displs[j]), std::size_t(l.recv_counts[j]), j,
                        alltoallv_sent_before(n, int(j), std::size_t(in.rank), dist)});
  }
  return l;
}

Layout barrier(const Inputs&, Layout l) {
  return l;
}

Layout pingpong(const Inputs& in, Layout l) {
  // Rank 0 expects its own input echoed; rank 1 must have received it (a round trip that
  // skipped rank 1 fails there). Other ranks take no part.
  l.send_elems = in.rank == 0 ? in.count : 0;
  l.recv_elems = in.rank <= 1 ? in.count : 0;
  if (in.rank <= 1) l.expect.push_back({0, 0, in.count, 0, 0});
  return l;
}

// Both intergroup collectives: every rank receives every block of the other group, labelled by
// its index in the concatenation of the two groups. Each group's blocks follow its own factor.
Layout intergroup_blocks(const Inputs& in, Layout l, bool uneven) {
  const IntergroupLayout g = intergroup_layout(in.comm);
  const auto R = static_cast<std::size_t>(g.remote_size);
  const double own_factor = g.in_a ? in.shape.ka : in.shape.kb;
  const double remote_factor = g.in_a ? in.shape.kb : in.shape.ka;
  const std::uint64_t own = group_block(in.count, own_factor);
  const std::uint64_t remote = group_block(in.count, remote_factor);
  l.report_rank = g.local_offset + g.local_rank;
  l.fill_src = std::uint64_t(g.local_offset + g.local_rank);
  l.sets_send_count = true;
  const auto remote_first = static_cast<std::size_t>(g.remote_offset);
  if (!uneven) {
    // Each group's receive buffer holds the other's blocks; both are checked on every rank, so
    // that both groups refuse alike.
    const std::string what = fmt::format("{} buffer", in.collective.name);
    int_checked(std::uint64_t(g.local_size) * own, what);
    int_checked(std::uint64_t(g.remote_size) * remote, what);
    l.send_elems = own;
    l.recv_elems = R * remote;
    l.args_count = remote;
    l.group_elems = std::uint64_t(g.local_size) * own;
    for (std::size_t j = 0; j < R; ++j) {
      l.expect.push_back({int(j), j * remote, remote, remote_first + j, 0});
    }
    return l;
  }
  const std::string what = block_what(in);
  std::vector<int> own_counts, own_displs;
  fill_counts(
      own_counts, own_displs, std::size_t(g.local_size),
      [&](std::size_t i) { return intergroup_vblock(own, int(i), g.local_size, in.shape.dist); },
      what);
  l.recv_elems = fill_counts(
      l.counts, l.displs, R,
      [&](std::size_t i) {
        return intergroup_vblock(remote, int(i), g.remote_size, in.shape.dist);
      },
      what);
  l.send_elems = std::size_t(own_counts[std::size_t(g.local_rank)]);
  for (const int n : own_counts) l.group_elems += std::uint64_t(n);
  for (std::size_t j = 0; j < R; ++j) {
    l.expect.push_back(
        {int(j), std::size_t(l.displs[j]), std::size_t(l.counts[j]), remote_first + j, 0});
  }
  return l;
}

Layout intergroup_allgather(const Inputs& in, Layout l) {
  return intergroup_blocks(in, std::move(l), false);
}

Layout intergroup_allgatherv(const Inputs& in, Layout l) {
  return intergroup_blocks(in, std::move(l), true);
}

// ---- The table -----------------------------------------------------------------------------

using LayoutFn = Layout (*)(const Inputs&, Layout);

struct CollectiveRow {
  CollectiveInfo info;
  LayoutFn layout;
};

constexpr std::array<CollectiveRow, 21> kCollectiveRows = {{
    // name, summary, rooted, uses_op, intergroup; layout
    {{"reduce", "combine every rank's vector into the root's", true, true, false}, reduce},
    {{"allreduce", "combine every rank's vector into every rank's", false, true, false}, allreduce},
    {{"bcast", "copy the root's vector to every rank", true, false, false}, bcast},
    {{"scatter", "send block i of the root's buffer to rank i", true, false, false}, scatter},
    {{"gather", "collect every rank's block at the root, in rank order", true, false, false},
     gather},
    {{"allgather", "collect every rank's block at every rank, in rank order", false, false, false},
     allgather},
    {{"allgatherv", "allgather with uneven (possibly empty) blocks", false, false, false},
     allgatherv},
    {{"alltoall", "send block j of every rank's buffer to rank j", false, false, false}, alltoall},
    {{"alltoallv", "alltoall with uneven (possibly empty) blocks", false, false, false}, alltoallv},
    {{"reduce_scatter", "combine every rank's vector; rank i keeps block i", false, true, false},
     reduce_scatter},
    {{"barrier", "wait until every rank has arrived", false, false, false}, barrier},
    {{"intergroup_allgather", "every rank receives every block of the other group", false, false,
      true},
     intergroup_allgather},
    {{"intergroup_allgatherv", "intergroup_allgather with uneven (possibly empty) blocks", false,
      false, true},
     intergroup_allgatherv},
    {{"pingpong", "rank 0 sends the vector to rank 1 and gets it back; others idle (Hockney fit)",
      false, false, false},
     pingpong},
    // The nonblocking collectives (collectives/nonblocking/): the buffers, input and check of
    // their blocking counterparts.
    {{"iallreduce", "MPI_Iallreduce, compute, wait: allreduce's buffers and result", false, true,
      false},
     allreduce},
    {{"ireduce", "MPI_Ireduce, compute, wait: reduce's buffers and result", true, true, false},
     reduce},
    {{"ibcast", "MPI_Ibcast, compute, wait: bcast's buffers and result", true, false, false},
     bcast},
    {{"iallgather", "MPI_Iallgather, compute, wait: allgather's buffers and result", false, false,
      false},
     allgather},
    {{"ialltoall", "MPI_Ialltoall, compute, wait: alltoall's buffers and result", false, false,
      false},
     alltoall},
    {{"igather", "MPI_Igather, compute, wait: gather's buffers and result", true, false, false},
     gather},
    {{"iscatter", "MPI_Iscatter, compute, wait: scatter's buffers and result", true, false, false},
     scatter},
}};

constexpr auto kCollectives = [] {
  std::array<CollectiveInfo, kCollectiveRows.size()> out{};
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = kCollectiveRows[i].info;
  return out;
}();

}  // namespace

Layout lay_out(const Inputs& in) {
  int_checked(in.count, fmt::format("{} count", in.collective.name));
  Layout l;
  l.report_rank = in.rank;
  l.fill_src = std::uint64_t(in.rank);
  l.args_count = in.count;
  for (const auto& row : kCollectiveRows) {
    if (row.info.name == in.collective.name) return row.layout(in, std::move(l));
  }
  throw std::invalid_argument(fmt::format("unknown collective '{}'", in.collective.name));
}

}  // namespace papbench::layout

namespace papbench {

std::span<const CollectiveInfo> collective_table() {
  return layout::kCollectives;
}

const CollectiveInfo* find_collective(std::string_view name) {
  for (const auto& c : layout::kCollectives) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

std::uint64_t vblock_count(std::uint64_t count, int i) {
  const auto shift = static_cast<std::uint64_t>(i % 3);  // i >= 0: ranks
  return count + shift == 0 ? 0 : count + shift - 1;
}

std::string_view block_dist_name(BlockDist dist) {
  switch (dist) {
    case BlockDist::kEqual:
      return "equal";
    case BlockDist::kArithCode:
      return "arith-code";
    case BlockDist::kArithLiteral:
      return "arith-literal";
    case BlockDist::kEveryOther:
      return "every-other";
    case BlockDist::kUneven:
      break;
  }
  return "uneven";
}

BlockDist parse_block_dist(std::string_view text) {
  for (const BlockDist d : {BlockDist::kUneven, BlockDist::kEqual, BlockDist::kArithCode,
                            BlockDist::kArithLiteral, BlockDist::kEveryOther}) {
    if (block_dist_name(d) == text) return d;
  }
  throw UsageError(fmt::format(
      "--dist: '{}' is not accepted; accepted: one of: equal, arith-code, arith-literal, uneven, "
      "every-other (alltoallv)",
      text));
}

std::uint64_t group_block(std::uint64_t count, double factor) {
  return static_cast<std::uint64_t>(std::floor(static_cast<double>(count) * factor + 0.5));
}

std::uint64_t intergroup_vblock(std::uint64_t nominal, int i, int ranks, BlockDist dist) {
  const auto ui = static_cast<std::uint64_t>(i);
  switch (dist) {
    case BlockDist::kEqual:
      return nominal;
    case BlockDist::kArithCode: {
      const auto p = static_cast<std::uint64_t>(ranks);
      return 2 * (ui + 1) * ((nominal + p - 1) / p);
    }
    case BlockDist::kArithLiteral:
      return nominal * ui;
    case BlockDist::kEveryOther:  // alltoallv's; refused for intergroup runs (run options)
    case BlockDist::kUneven:
      break;
  }
  return vblock_count(nominal, i);
}

std::uint64_t alltoallv_block_count(std::uint64_t count, int from, int to, BlockDist dist) {
  if (dist == BlockDist::kEveryOther) {
    const bool shortened = (std::int64_t{from} + std::int64_t{to}) % 2 == 1;
    return shortened && count > 0 ? count - 1 : count;
  }
  const auto shift = static_cast<std::uint64_t>((std::int64_t{from} + 2 * std::int64_t{to}) % 3);
  return count + shift == 0 ? 0 : count + shift - 1;
}

}  // namespace papbench
