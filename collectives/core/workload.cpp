#include "collectives/core/workload.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include "collectives/core/intergroup.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

// ---- Tables --------------------------------------------------------------------------------

enum class Kind {
  reduce,
  allreduce,
  bcast,
  scatter,
  gather,
  allgather,
  allgatherv,
  alltoall,
  alltoallv,
  reduce_scatter,
  barrier,
  intergroup_allgather,
  intergroup_allgatherv,
  pingpong
};

struct CollectiveRow {
  CollectiveInfo info;
  Kind kind;
};

constexpr std::array<CollectiveRow, 14> kCollectiveRows = {{
    // name, summary, rooted, uses_op, intergroup
    {{"reduce", "combine every rank's vector into the root's", true, true, false}, Kind::reduce},
    {{"allreduce", "combine every rank's vector into every rank's", false, true, false},
     Kind::allreduce},
    {{"bcast", "copy the root's vector to every rank", true, false, false}, Kind::bcast},
    {{"scatter", "send block i of the root's buffer to rank i", true, false, false}, Kind::scatter},
    {{"gather", "collect every rank's block at the root, in rank order", true, false, false},
     Kind::gather},
    {{"allgather", "collect every rank's block at every rank, in rank order", false, false, false},
     Kind::allgather},
    {{"allgatherv", "allgather with uneven (possibly empty) blocks", false, false, false},
     Kind::allgatherv},
    {{"alltoall", "send block j of every rank's buffer to rank j", false, false, false},
     Kind::alltoall},
    {{"alltoallv", "alltoall with uneven (possibly empty) blocks", false, false, false},
     Kind::alltoallv},
    {{"reduce_scatter", "combine every rank's vector; rank i keeps block i", false, true, false},
     Kind::reduce_scatter},
    {{"barrier", "wait until every rank has arrived", false, false, false}, Kind::barrier},
    {{"intergroup_allgather", "every rank receives every block of the other group", false, false,
      true},
     Kind::intergroup_allgather},
    {{"intergroup_allgatherv", "intergroup_allgather with uneven (possibly empty) blocks", false,
      false, true},
     Kind::intergroup_allgatherv},
    {{"pingpong", "rank 0 sends the vector to rank 1 and gets it back; others idle (Hockney fit)",
      false, false, false},
     Kind::pingpong},
}};

constexpr auto kCollectives = [] {
  std::array<CollectiveInfo, kCollectiveRows.size()> out{};
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = kCollectiveRows[i].info;
  return out;
}();

// The C type behind a datatype: every fill and check is one template instantiated per type.
enum class Elem { i8, u8, i16, u16, i32, u32, i64, u64, f32, f64 };

constexpr Elem kLongElem = sizeof(long) == 8 ? Elem::i64 : Elem::i32;

struct DatatypeRow {
  DatatypeInfo info;
  Elem elem;
};

// Built on first use: Open MPI's MPI_INT and friends are addresses, not constant expressions.
const std::vector<DatatypeRow>& datatype_rows() {
  static const std::vector<DatatypeRow> rows = {
      {{"int8", MPI_INT8_T, 1, false}, Elem::i8},
      {{"uint8", MPI_UINT8_T, 1, false}, Elem::u8},
      {{"int16", MPI_INT16_T, 2, false}, Elem::i16},
      {{"uint16", MPI_UINT16_T, 2, false}, Elem::u16},
      {{"int", MPI_INT, sizeof(int), false}, Elem::i32},
      {{"int32", MPI_INT32_T, 4, false}, Elem::i32},
      {{"unsigned", MPI_UNSIGNED, sizeof(unsigned), false}, Elem::u32},
      {{"uint32", MPI_UINT32_T, 4, false}, Elem::u32},
      {{"long", MPI_LONG, sizeof(long), false}, kLongElem},
      {{"int64", MPI_INT64_T, 8, false}, Elem::i64},
      {{"uint64", MPI_UINT64_T, 8, false}, Elem::u64},
      {{"float", MPI_FLOAT, sizeof(float), true}, Elem::f32},
      {{"double", MPI_DOUBLE, sizeof(double), true}, Elem::f64},
  };
  return rows;
}
static_assert(sizeof(int) == 4 && sizeof(unsigned) == 4, "int is assumed to be int32_t");

enum class Pattern {
  movement,  // data-movement collectives: values identify (source, position)
  sum,
  sum_onehot,  // sum when even 0/1 inputs could overflow: one rank holds the 1
  prod,
  max,
  min,
  land,
  lor,
  lxor,
  band,
  bor,
  bxor
};

struct OpRow {
  OpInfo info;
  Pattern pattern;
};

const std::vector<OpRow>& op_rows() {
  static const std::vector<OpRow> rows = {
      {{"sum", MPI_SUM, false}, Pattern::sum},   {{"prod", MPI_PROD, false}, Pattern::prod},
      {{"max", MPI_MAX, false}, Pattern::max},   {{"min", MPI_MIN, false}, Pattern::min},
      {{"land", MPI_LAND, true}, Pattern::land}, {{"lor", MPI_LOR, true}, Pattern::lor},
      {{"lxor", MPI_LXOR, true}, Pattern::lxor}, {{"band", MPI_BAND, true}, Pattern::band},
      {{"bor", MPI_BOR, true}, Pattern::bor},    {{"bxor", MPI_BXOR, true}, Pattern::bxor},
  };
  return rows;
}

template <class Row>
std::vector<decltype(Row::info)> infos_of(const std::vector<Row>& rows) {
  std::vector<decltype(Row::info)> out;
  for (const auto& r : rows) out.push_back(r.info);
  return out;
}

template <class Row>
const Row& row_named(const std::vector<Row>& rows, std::string_view name, const char* what) {
  for (const auto& r : rows) {
    if (r.info.name == name) return r;
  }
  throw std::invalid_argument(fmt::format("unknown {} '{}'", what, name));
}

// ---- Element types -------------------------------------------------------------------------

template <class F>
decltype(auto) visit_elem(Elem e, F&& f) {
  switch (e) {
    case Elem::i8:
      return f(std::type_identity<std::int8_t>{});
    case Elem::u8:
      return f(std::type_identity<std::uint8_t>{});
    case Elem::i16:
      return f(std::type_identity<std::int16_t>{});
    case Elem::u16:
      return f(std::type_identity<std::uint16_t>{});
    case Elem::i32:
      return f(std::type_identity<std::int32_t>{});
    case Elem::u32:
      return f(std::type_identity<std::uint32_t>{});
    case Elem::i64:
      return f(std::type_identity<std::int64_t>{});
    case Elem::u64:
      return f(std::type_identity<std::uint64_t>{});
    case Elem::f32:
      return f(std::type_identity<float>{});
    case Elem::f64:
      return f(std::type_identity<double>{});
  }
  throw std::logic_error("unhandled element type");
}

// Every input and every correct result lies in [0, limit]. The limit keeps results exact (floats
// hold integers up to 2^mantissa exactly, in any summation order) and keeps them apart from the
// 0xA5 poison: that is negative in signed and floating types and above the limit in unsigned ones
// (0xA5 = 165 > 127, 0xA5A5 > 32767, ...), so an element the algorithm never wrote cannot pass.
template <class T>
constexpr std::uint64_t value_limit() {
  if constexpr (std::is_same_v<T, float>) {
    return std::uint64_t{1} << std::numeric_limits<float>::digits;
  } else if constexpr (std::is_same_v<T, double>) {
    return std::uint64_t{1} << std::numeric_limits<double>::digits;
  } else {
    return static_cast<std::uint64_t>(std::numeric_limits<std::make_signed_t<T>>::max());
  }
}

constexpr unsigned char kPoison = 0xA5;

std::uint64_t elem_limit(Elem e) {
  return visit_elem(e, []<class T>(std::type_identity<T>) { return value_limit<T>(); });
}

int floor_log2(std::uint64_t v) {
  int k = 0;
  while (v > 1) {
    v >>= 1;
    ++k;
  }
  return k;
}

// ---- Input and expected values -------------------------------------------------------------

// Deterministic input value(rank, index) and the exact reduction of it over ranks 0..P-1. The
// reducing patterns depend on the rank only through rank % 11 (or % 7), so the expected result
// needs one term per residue class, not one per rank, and stays cheap at large P.
class Input {
 public:
  Input(Pattern pattern, Elem elem, int ranks) : pattern_(pattern), p_(std::uint64_t(ranks)) {
    const std::uint64_t limit = elem_limit(elem);
    // Primes, so that neighbouring sources and shifted positions give different values.
    modulus_ = limit <= 127 ? 127 : 32749;
    vmax_ = std::min<std::uint64_t>(10, limit / std::max<std::uint64_t>(p_, 1));
    if (pattern_ == Pattern::sum && vmax_ == 0) pattern_ = Pattern::sum_onehot;
    kmax_ = std::min<std::uint64_t>(p_, std::uint64_t(floor_log2(limit)));
    for (std::uint64_t c = 0; c < 11; ++c) per11_[c] = p_ / 11 + (c < p_ % 11 ? 1 : 0);
    for (std::uint64_t c = 0; c < 7; ++c) per7_[c] = p_ / 7 + (c < p_ % 7 ? 1 : 0);
  }

  bool reduces() const { return pattern_ != Pattern::movement; }

  std::uint64_t value(std::uint64_t r, std::uint64_t i) const {
    switch (pattern_) {
      case Pattern::movement:
        return (31 * (r % modulus_) + 7 * (i % modulus_) + 1) % modulus_;
      case Pattern::sum:
        return base11(r, i) % (vmax_ + 1);
      case Pattern::sum_onehot:
        return (r + i % p_) % p_ == 0 ? 1 : 0;
      case Pattern::prod:
        // Element i gets exactly i % (kmax + 1) factors 2, from distinct ranks: the product
        // 2^(i % (kmax + 1)) fits, and across elements every rank contributes some factors.
        return (r + i % p_) % p_ < i % (kmax_ + 1) ? 2 : 1;
      case Pattern::band:
        return 127 ^ (std::uint64_t{1} << bit7(r, i));
      case Pattern::bor:
        return std::uint64_t{1} << bit7(r, i);
      case Pattern::land:
      case Pattern::lor:
      case Pattern::lxor:
        // Truth values 0/1 (mostly 1, some 0): with a single rank, libraries return the input
        // unchanged instead of normalizing it, so only 0 and 1 read the same either way.
        return base11(r, i) != 0 ? 1 : 0;
      case Pattern::max:
      case Pattern::min:
      case Pattern::bxor:
        return base11(r, i);
    }
    throw std::logic_error("unhandled input pattern");
  }

  // The op applied over ranks 0..P-1 to element i.
  std::uint64_t reduced(std::uint64_t i) const {
    switch (pattern_) {
      case Pattern::movement:
        break;
      case Pattern::sum_onehot:
        return 1;
      case Pattern::prod:
        return std::uint64_t{1} << (i % (kmax_ + 1));
      case Pattern::sum:
        return fold11(
            i, 0, [](std::uint64_t acc, std::uint64_t v, std::uint64_t n) { return acc + n * v; });
      case Pattern::max:
        return fold11(i, 0, [](std::uint64_t acc, std::uint64_t v, std::uint64_t) {
          return std::max(acc, v);
        });
      case Pattern::min:
        return fold11(i, ~std::uint64_t{0}, [](std::uint64_t acc, std::uint64_t v, std::uint64_t) {
          return std::min(acc, v);
        });
      case Pattern::land:
        return fold11(i, 1, [](std::uint64_t acc, std::uint64_t v, std::uint64_t) {
          return std::uint64_t{acc != 0 && v != 0};
        });
      case Pattern::lor:
        return fold11(i, 0, [](std::uint64_t acc, std::uint64_t v, std::uint64_t) {
          return std::uint64_t{acc != 0 || v != 0};
        });
      case Pattern::lxor:
        return fold11(i, 0, [](std::uint64_t acc, std::uint64_t v, std::uint64_t n) {
          return v != 0 && n % 2 == 1 ? acc ^ 1 : acc;
        });
      case Pattern::bxor:
        return fold11(i, 0, [](std::uint64_t acc, std::uint64_t v, std::uint64_t n) {
          return n % 2 == 1 ? acc ^ v : acc;
        });
      case Pattern::band: {
        std::uint64_t acc = 127;
        for (std::uint64_t c = 0; c < 7; ++c) {
          if (per7_[c] > 0) acc &= 127 ^ (std::uint64_t{1} << bit7(c, i));
        }
        return acc;
      }
      case Pattern::bor: {
        std::uint64_t acc = 0;
        for (std::uint64_t c = 0; c < 7; ++c) {
          if (per7_[c] > 0) acc |= std::uint64_t{1} << bit7(c, i);
        }
        return acc;
      }
    }
    throw std::logic_error("reduced() of a data-movement input");
  }

 private:
  static std::uint64_t base11(std::uint64_t r, std::uint64_t i) {
    return (7 * (r % 11) + 13 * (i % 11) + 3) % 11;
  }
  static std::uint64_t bit7(std::uint64_t r, std::uint64_t i) { return (3 * (r % 7) + i % 7) % 7; }

  // f(acc, value of residue class c, number of ranks in it) over the non-empty classes.
  template <class F>
  std::uint64_t fold11(std::uint64_t i, std::uint64_t acc, F f) const {
    for (std::uint64_t c = 0; c < 11; ++c) {
      if (per11_[c] == 0) continue;
      const std::uint64_t v = base11(c, i);
      acc = f(acc, pattern_ == Pattern::sum ? v % (vmax_ + 1) : v, per11_[c]);
    }
    return acc;
  }

  Pattern pattern_;
  std::uint64_t p_;
  std::uint64_t modulus_ = 127, vmax_ = 0, kmax_ = 0;
  std::array<std::uint64_t, 11> per11_{};
  std::array<std::uint64_t, 7> per7_{};
};

// ---- Layout helpers ------------------------------------------------------------------------

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

// Number of d in [0, upto) with d % 3 == e.
std::uint64_t in_class(std::uint64_t upto, std::uint64_t e) {
  return upto / 3 + (e < upto % 3);
}

// Sum of alltoallv blocks from rank `from` to ranks 0..upto-1; block sizes depend on the
// destination only through its residue mod 3, so this is three terms, not upto.
std::uint64_t alltoallv_sent_before(std::uint64_t count, int from, std::uint64_t upto) {
  std::uint64_t s = 0;
  for (int e = 0; e < 3; ++e) s += in_class(upto, e) * alltoallv_block_count(count, from, e);
  return s;
}

std::uint64_t alltoallv_received(std::uint64_t count, std::uint64_t ranks, int to) {
  std::uint64_t s = 0;
  for (int e = 0; e < 3; ++e) s += in_class(ranks, e) * alltoallv_block_count(count, e, to);
  return s;
}

std::uint64_t vblocks_total(std::uint64_t count, std::uint64_t ranks) {
  std::uint64_t s = 0;
  for (int e = 0; e < 3; ++e) s += in_class(ranks, e) * vblock_count(count, e);
  return s;
}

Kind kind_of(const CollectiveInfo& c) {
  for (const auto& row : kCollectiveRows) {
    if (row.info.name == c.name) return row.kind;
  }
  throw std::invalid_argument(fmt::format("unknown collective '{}'", c.name));
}

}  // namespace

// ---- Public tables -------------------------------------------------------------------------

std::span<const CollectiveInfo> collective_table() {
  return kCollectives;
}

const CollectiveInfo* find_collective(std::string_view name) {
  for (const auto& c : kCollectives) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

std::span<const DatatypeInfo> datatype_table() {
  static const std::vector<DatatypeInfo> table = infos_of(datatype_rows());
  return table;
}

const DatatypeInfo* find_datatype(std::string_view name) {
  for (const auto& d : datatype_table()) {
    if (d.name == name) return &d;
  }
  return nullptr;
}

std::span<const OpInfo> op_table() {
  static const std::vector<OpInfo> table = infos_of(op_rows());
  return table;
}

const OpInfo* find_op(std::string_view name) {
  for (const auto& o : op_table()) {
    if (o.name == name) return &o;
  }
  return nullptr;
}

bool op_applies(const OpInfo& op, const DatatypeInfo& dtype) {
  return !(op.integer_only && dtype.floating);
}

std::uint64_t vblock_count(std::uint64_t count, int i) {
  const auto shift = static_cast<std::uint64_t>(i % 3);  // i >= 0: ranks
  return count + shift == 0 ? 0 : count + shift - 1;
}

std::uint64_t alltoallv_block_count(std::uint64_t count, int from, int to) {
  const auto shift = static_cast<std::uint64_t>((std::int64_t{from} + 2 * std::int64_t{to}) % 3);
  return count + shift == 0 ? 0 : count + shift - 1;
}

// ---- Workload ------------------------------------------------------------------------------

namespace {

// A run of `len` output elements that must equal input `src`'s elements from `src_start` on
// (data movement), or the reduction over all ranks of elements from `src_start` on.
struct Block {
  int label;  // the block number reported on failure
  std::size_t offset, len;
  std::uint64_t src, src_start;
};

}  // namespace

struct Workload::Buffers {
  Kind kind;
  Elem elem;
  std::size_t elem_size;
  Input input;
  int report_rank;         // rank named in failure messages (global index for intergroup)
  std::uint64_t fill_src;  // whose input this rank holds
  std::size_t fill_elems = 0;
  bool fill_recv = false;  // bcast root: its input lives in the one buffer
  std::vector<std::byte> send, recv;
  std::vector<Block> expect;
  std::vector<int> counts, displs, recv_counts, recv_displs;

  Buffers(Kind k, Elem e, std::size_t size, Input in)
      : kind(k), elem(e), elem_size(size), input(in) {}

  // Never empty, so that the pointer handed to MPI is valid even for zero elements.
  static std::vector<std::byte> alloc(std::size_t elems, std::size_t size) {
    return std::vector<std::byte>(std::max<std::size_t>(elems, 1) * size);
  }
};

Workload::Workload(const CollectiveInfo& collective, MPI_Comm comm, int root,
                   const DatatypeInfo& dtype, const OpInfo& op, std::uint64_t count) {
  const Kind kind = kind_of(collective);
  const DatatypeRow& dt = row_named(datatype_rows(), dtype.name, "datatype");
  const OpRow& op_row = row_named(op_rows(), op.name, "op");
  if (collective.uses_op && !op_applies(op_row.info, dt.info)) {
    throw std::invalid_argument(
        fmt::format("op '{}' is not defined for floating type '{}'", op.name, dtype.name));
  }

  int is_inter = 0;
  mpi_check(MPI_Comm_test_inter(comm, &is_inter), "MPI_Comm_test_inter");
  if (bool(is_inter) != collective.intergroup) {
    throw std::invalid_argument(fmt::format("{} needs an {}communicator", collective.name,
                                            collective.intergroup ? "inter" : "intra"));
  }
  int rank = 0, size = 0;
  mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  mpi_check(MPI_Comm_size(comm, &size), "MPI_Comm_size");
  if (collective.rooted && (root < 0 || root >= size)) {
    throw std::invalid_argument(fmt::format("{}: root {} is not a rank of a {}-rank communicator",
                                            collective.name, root, size));
  }
  if (!collective.rooted) root = 0;
  int_checked(count, fmt::format("{} count", collective.name));

  const Pattern pattern = collective.uses_op ? op_row.pattern : Pattern::movement;
  buffers_ = std::make_unique<Buffers>(kind, dt.elem, dt.info.size, Input(pattern, dt.elem, size));
  Buffers& b = *buffers_;
  b.report_rank = rank;
  b.fill_src = std::uint64_t(rank);

  const auto P = static_cast<std::size_t>(size);
  const std::size_t n = count;
  const auto r = static_cast<std::size_t>(rank);
  const bool is_root = rank == root;
  std::size_t send_elems = 0, recv_elems = 0;
  auto all_blocks = [&](std::size_t block_len) {
    return int_checked(std::uint64_t{P} * block_len, fmt::format("{} buffer", collective.name));
  };
  const std::string what = fmt::format("{} block", collective.name);

  switch (kind) {
    case Kind::reduce:
      send_elems = n;
      recv_elems = is_root ? n : 0;
      if (is_root) b.expect.push_back({0, 0, n, 0, 0});
      break;
    case Kind::allreduce:
      send_elems = recv_elems = n;
      b.expect.push_back({0, 0, n, 0, 0});
      break;
    case Kind::reduce_scatter: {
      send_elems = fill_counts(
          b.recv_counts, b.recv_displs, P, [&](std::size_t i) { return vblock_count(n, int(i)); },
          what);
      recv_elems = std::size_t(b.recv_counts[r]);
      b.expect.push_back({rank, 0, recv_elems, 0, std::uint64_t(b.recv_displs[r])});
      break;
    }
    case Kind::bcast:
      recv_elems = n;
      b.fill_recv = is_root;
      b.fill_src = std::uint64_t(root);
      b.expect.push_back({0, 0, n, std::uint64_t(root), 0});
      break;
    case Kind::scatter:
      send_elems = all_blocks(n);  // checked on every rank, so that all refuse alike
      if (!is_root) send_elems = 0;
      recv_elems = n;
      b.expect.push_back({rank, 0, n, std::uint64_t(root), std::uint64_t(r) * n});
      break;
    case Kind::gather:
    case Kind::allgather:
      send_elems = n;
      recv_elems = all_blocks(n);
      if (kind == Kind::allgather || is_root) {
        for (std::size_t j = 0; j < P; ++j) b.expect.push_back({int(j), j * n, n, j, 0});
      } else {
        recv_elems = 0;
      }
      break;
    case Kind::allgatherv: {
      recv_elems = fill_counts(
          b.counts, b.displs, P, [&](std::size_t i) { return vblock_count(n, int(i)); }, what);
      send_elems = std::size_t(b.counts[r]);
      for (std::size_t j = 0; j < P; ++j) {
        b.expect.push_back({int(j), std::size_t(b.displs[j]), std::size_t(b.counts[j]), j, 0});
      }
      break;
    }
    case Kind::alltoall:
      send_elems = recv_elems = all_blocks(n);
      for (std::size_t j = 0; j < P; ++j) b.expect.push_back({int(j), j * n, n, j, r * n});
      break;
    case Kind::alltoallv: {
      // Buffer lengths differ by rank; every rank checks the three distinct ones so that all
      // refuse alike.
      for (int i = 0; i < std::min(size, 3); ++i) {
        int_checked(alltoallv_sent_before(n, i, P), what);
        int_checked(alltoallv_received(n, P, i), what);
      }
      send_elems = fill_counts(
          b.counts, b.displs, P,
          [&](std::size_t j) { return alltoallv_block_count(n, rank, int(j)); }, what);
      recv_elems = fill_counts(
          b.recv_counts, b.recv_displs, P,
          [&](std::size_t j) { return alltoallv_block_count(n, int(j), rank); }, what);
      for (std::size_t j = 0; j < P; ++j) {
        b.expect.push_back({int(j), std::size_t(b.recv_displs[j]), std::size_t(b.recv_counts[j]), j,
                            alltoallv_sent_before(n, int(j), r)});
      }
      break;
    }
    case Kind::barrier:
      break;
    case Kind::pingpong:
      // Rank 0 expects its own input echoed; rank 1 must have received it (a round trip that
      // skipped rank 1 fails there). Other ranks take no part.
      send_elems = rank == 0 ? n : 0;
      recv_elems = rank <= 1 ? n : 0;
      if (rank <= 1) b.expect.push_back({0, 0, n, 0, 0});
      break;
    case Kind::intergroup_allgather:
    case Kind::intergroup_allgatherv: {
      const IntergroupLayout l = intergroup_layout(comm);
      const auto R = static_cast<std::size_t>(l.remote_size);
      // The two groups receive different totals; both check the larger group's, so that both
      // refuse alike.
      const auto larger = std::uint64_t(std::max(l.local_size, l.remote_size));
      b.report_rank = l.local_offset + rank;
      b.fill_src = std::uint64_t(l.local_offset + rank);
      const auto remote = static_cast<std::size_t>(l.remote_offset);
      if (kind == Kind::intergroup_allgather) {
        int_checked(larger * n, fmt::format("{} buffer", collective.name));
        send_elems = n;
        recv_elems = R * n;
        for (std::size_t j = 0; j < R; ++j) b.expect.push_back({int(j), j * n, n, remote + j, 0});
      } else {
        int_checked(vblocks_total(n, larger), what);
        recv_elems = fill_counts(
            b.counts, b.displs, R, [&](std::size_t i) { return vblock_count(n, int(i)); }, what);
        send_elems = vblock_count(n, rank);
        for (std::size_t j = 0; j < R; ++j) {
          b.expect.push_back(
              {int(j), std::size_t(b.displs[j]), std::size_t(b.counts[j]), remote + j, 0});
        }
      }
      break;
    }
  }

  b.fill_elems = b.fill_recv ? recv_elems : send_elems;
  b.send = Buffers::alloc(send_elems, b.elem_size);
  b.recv = Buffers::alloc(recv_elems, b.elem_size);

  args_.comm = comm;
  args_.root = root;
  args_.dtype = dt.info.type;
  args_.op = op_row.info.op;
  args_.count = n;
  // MPI_Bcast has one buffer; send aliases it so that no algorithm is handed a null pointer.
  args_.send = kind == Kind::bcast ? b.recv.data() : b.send.data();
  args_.recv = b.recv.data();
  args_.counts = b.counts;
  args_.displs = b.displs;
  args_.recv_counts = b.recv_counts;
  args_.recv_displs = b.recv_displs;
  if (kind == Kind::allgatherv || kind == Kind::intergroup_allgatherv)
    args_.send_count = send_elems;
  reset();
}

Workload::~Workload() = default;

void Workload::reset() {
  Buffers& b = *buffers_;
  std::memset(b.recv.data(), kPoison, b.recv.size());
  std::byte* out = b.fill_recv ? b.recv.data() : b.send.data();
  visit_elem(b.elem, [&]<class T>(std::type_identity<T>) {
    for (std::size_t i = 0; i < b.fill_elems; ++i) {
      const T v = static_cast<T>(b.input.value(b.fill_src, i));
      std::memcpy(out + i * sizeof(T), &v, sizeof(T));
    }
  });
}

bool Workload::check(std::string* why) const {
  const Buffers& b = *buffers_;
  return visit_elem(b.elem, [&]<class T>(std::type_identity<T>) {
    // One byte types would print as characters.
    using Shown = std::conditional_t<sizeof(T) == 1, int, T>;
    for (const Block& blk : b.expect) {
      for (std::size_t k = 0; k < blk.len; ++k) {
        T got;
        std::memcpy(&got, b.recv.data() + (blk.offset + k) * sizeof(T), sizeof(T));
        const std::uint64_t idx = blk.src_start + k;
        const T want =
            static_cast<T>(b.input.reduces() ? b.input.reduced(idx) : b.input.value(blk.src, idx));
        if (got != want) {
          if (why != nullptr) {
            *why = fmt::format("rank {}: element {} of block {} is {}, expected {}", b.report_rank,
                               k, blk.label, static_cast<Shown>(got), static_cast<Shown>(want));
          }
          return false;
        }
      }
    }
    return true;
  });
}

}  // namespace papbench
