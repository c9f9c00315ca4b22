#include "collectives/core/workload.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>
#include <limits>
#include <span>
#include <stdexcept>
#include <type_traits>

#include "collectives/core/collective_layouts.hpp"
#include "collectives/core/intergroup.hpp"
#include "collectives/core/registry.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
// Named, not anonymous: Workload::Buffers holds an Input and an Elem, and in a unity batch GCC
// warns of a class with external linkage whose fields have internal linkage (-Wsubobject-linkage).
namespace workload_parts {

// ---- Tables --------------------------------------------------------------------------------

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

}  // namespace workload_parts

using namespace workload_parts;

// ---- Public tables -------------------------------------------------------------------------

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

// ---- Workload ------------------------------------------------------------------------------

struct Workload::Buffers {
  Elem elem;
  std::size_t elem_size;
  Input input;
  layout::Layout layout;
  std::size_t fill_elems = 0;
  std::vector<std::byte> send, recv;

  // Never empty, so that the pointer handed to MPI is valid even for zero elements.
  static std::vector<std::byte> alloc(std::size_t elems, std::size_t size) {
    return std::vector<std::byte>(std::max<std::size_t>(elems, 1) * size);
  }
};

Workload::Workload(const CollectiveInfo& collective, MPI_Comm comm, int root,
                   const DatatypeInfo& dtype, const OpInfo& op, std::uint64_t count,
                   const IntergroupShape& shape) {
  const DatatypeRow& dt = row_named(datatype_rows(), dtype.name, "datatype");
  const OpRow& op_row = row_named(op_rows(), op.name, "op");
  if (collective.uses_op && !op_applies(op_row.info, dt.info)) {
    throw std::invalid_argument(
        fmt::format("op '{}' is not defined for floating type '{}'", op.name, dtype.name));
  }
  if (is_intergroup(comm) != collective.intergroup) {
    throw std::invalid_argument(
        fmt::format("{} needs {}", collective.name,
                    collective.intergroup
                        ? "two groups: an intercommunicator or make_intergroup's spanning form"
                        : "an intracommunicator"));
  }
  // Intergroup: the rank and size in the own group, whichever form the groups have.
  const IntergroupLayout groups =
      collective.intergroup ? intergroup_layout(comm) : IntergroupLayout{};
  const int rank = collective.intergroup ? groups.local_rank : comm_rank(comm);
  const int size = collective.intergroup ? groups.local_size : comm_size(comm);
  if (collective.rooted && (root < 0 || root >= size)) {
    throw std::invalid_argument(fmt::format("{}: root {} is not a rank of a {}-rank communicator",
                                            collective.name, root, size));
  }
  if (!collective.rooted) root = 0;

  const Pattern pattern = collective.uses_op ? op_row.pattern : Pattern::movement;
  buffers_ = std::make_unique<Buffers>(
      Buffers{dt.elem,
              dt.info.size,
              Input(pattern, dt.elem, size),
              layout::lay_out({collective, comm, rank, size, root, count, shape}),
              0,
              {},
              {}});
  Buffers& b = *buffers_;
  const layout::Layout& l = b.layout;
  b.fill_elems = l.fill_recv ? l.recv_elems : l.send_elems;
  b.send = Buffers::alloc(l.send_elems, b.elem_size);
  b.recv = Buffers::alloc(l.recv_elems, b.elem_size);

  args_.comm = comm;
  args_.root = root;
  args_.dtype = dt.info.type;
  args_.op = op_row.info.op;
  args_.count = l.args_count;
  args_.send = l.send_is_recv ? b.recv.data() : b.send.data();
  args_.recv = b.recv.data();
  args_.counts = l.counts;
  args_.displs = l.displs;
  args_.recv_counts = l.recv_counts;
  args_.recv_displs = l.recv_displs;
  if (l.sets_send_count) args_.send_count = l.send_elems;
  reset();
}

WorkloadFootprint workload_footprint(const CollectiveInfo& collective, MPI_Comm comm, int root,
                                     std::uint64_t count, const IntergroupShape& shape,
                                     const FootprintAlgorithm* alg) {
  const IntergroupLayout groups =
      collective.intergroup ? intergroup_layout(comm) : IntergroupLayout{};
  const int rank = collective.intergroup ? groups.local_rank : comm_rank(comm);
  const int size = collective.intergroup ? groups.local_size : comm_size(comm);
  const int used_root = collective.rooted ? root : 0;
  const layout::Layout l = layout::lay_out({collective, comm, rank, size, used_root, count, shape});
  WorkloadFootprint f;
  // As Buffers::alloc: never empty.
  f.buffer_elems =
      std::max<std::uint64_t>(l.send_elems, 1) + std::max<std::uint64_t>(l.recv_elems, 1);
  if (alg != nullptr && alg->info != nullptr) {
    ScratchShape s;
    s.count = l.args_count;
    s.send_elems = l.send_elems;
    s.recv_elems = l.recv_elems;
    s.elem_size = alg->elem_size;
    s.ranks = size;
    s.rank = rank;
    s.root = used_root;
    if (collective.intergroup) s.remote_ranks = groups.remote_size;
    s.group_elems = l.group_elems;
    s.node = alg->node;
    s.node_ranks = alg->node_ranks;
    s.local_rank = alg->local_rank;
    s.max_node_ranks = alg->max_node_ranks;
    s.nodes = alg->nodes;
    const AlgOptions defaults = alg->resolved ? AlgOptions{} : resolve_options(*alg->info, {});
    s.options = alg->resolved ? alg->resolved : &defaults;
    f.scratch_bytes = algorithm_scratch_bytes(*alg->info, s);
  }
  f.index_bytes =
      (l.counts.size() + l.displs.size() + l.recv_counts.size() + l.recv_displs.size()) *
          sizeof(int) +
      l.expect.size() * sizeof(layout::Block);
  return f;
}

Workload::~Workload() = default;

void Workload::reset() {
  Buffers& b = *buffers_;
  std::memset(b.recv.data(), kPoison, b.recv.size());
  std::byte* out = b.layout.fill_recv ? b.recv.data() : b.send.data();
  visit_elem(b.elem, [&]<class T>(std::type_identity<T>) {
    for (std::size_t i = 0; i < b.fill_elems; ++i) {
      const T v = static_cast<T>(b.input.value(b.layout.fill_src, i));
      std::memcpy(out + i * sizeof(T), &v, sizeof(T));
    }
  });
}

void Workload::poison_block_ends() {
  Buffers& b = *buffers_;
  if (b.layout.fill_recv) return;
  const std::span<std::byte> out(b.recv);
  for (const layout::Block& blk : b.layout.expect) {
    if (blk.len == 0) continue;
    std::memset(out.subspan(blk.offset * b.elem_size, b.elem_size).data(), kPoison, b.elem_size);
    std::memset(out.subspan((blk.offset + blk.len - 1) * b.elem_size, b.elem_size).data(), kPoison,
                b.elem_size);
  }
}

bool Workload::check(std::string* why, const void* result) const {
  const Buffers& b = *buffers_;
  const auto* out = result != nullptr ? static_cast<const std::byte*>(result) : b.recv.data();
  return visit_elem(b.elem, [&]<class T>(std::type_identity<T>) {
    // One byte types would print as characters.
    using Shown = std::conditional_t<sizeof(T) == 1, int, T>;
    for (const layout::Block& blk : b.layout.expect) {
      for (std::size_t k = 0; k < blk.len; ++k) {
        T got;
        std::memcpy(&got, out + (blk.offset + k) * sizeof(T), sizeof(T));
        const std::uint64_t idx = blk.src_start + k;
        const T want =
            static_cast<T>(b.input.reduces() ? b.input.reduced(idx) : b.input.value(blk.src, idx));
        if (got != want) {
          if (why != nullptr) {
            *why = fmt::format("rank {}: element {} of block {} is {}, expected {}",
                               b.layout.report_rank, k, blk.label, static_cast<Shown>(got),
                               static_cast<Shown>(want));
          }
          return false;
        }
      }
    }
    return true;
  });
}

}  // namespace papbench
