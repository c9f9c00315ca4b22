// Clairvoyant schedules: the golden instances of [ProficzOcetkiewicz2021] (Fig. 1, §4.2, §5.1) and
// the round counts of balanced instances, and a property test over random instances asserting
// that linear, pairing and segtree agree exactly and that every schedule is a correct reduce.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "collectives/reduce/clairvoyant/footprint.hpp"
#include "collectives/reduce/clairvoyant/schedule.hpp"
#include "collectives/reduce/clairvoyant/segtree_index.hpp"

namespace papbench::clv {
namespace {

constexpr std::array kImpls = {Impl::kLinear, Impl::kPairing, Impl::kSegtree};

Instance instance(std::vector<double> arrivals, double d, int segments, int root) {
  Instance in;
  for (const double a : arrivals) in.arrival.push_back(to_ticks(a));
  in.round_time = to_ticks(d);
  in.segments = segments;
  in.root = root;
  return in;
}

// Replays a schedule on contribution sets (bit p: process p's share) and returns "" when it is a
// correct reduce: per round every process sends at most once and receives at most once, never
// sends what it received in that round and only what it holds; combining never counts a share
// twice; at the end the root holds every share of every segment and no one else holds any.
std::string replay(const Instance& in, const Schedule& s) {
  const int P = static_cast<int>(in.arrival.size()), N = in.segments;
  std::vector<std::uint64_t> held(static_cast<std::size_t>(P * N));
  for (int p = 0; p < P; ++p) {
    for (int j = 0; j < N; ++j) held[static_cast<std::size_t>(p * N + j)] = std::uint64_t{1} << p;
  }
  std::size_t t = 0;
  while (t < s.transfers.size()) {
    const int round = s.transfers[t].round;
    if (round < 1 || round > s.rounds) return "round out of range";
    std::size_t end = t;
    while (end < s.transfers.size() && s.transfers[end].round == round) ++end;
    std::vector<int> sends(P, 0), recvs(P, -1);
    std::vector<std::uint64_t> moving(end - t);
    for (std::size_t k = t; k < end; ++k) {
      const Transfer& x = s.transfers[k];
      if (k > t && s.transfers[k - 1].to >= x.to) return "not sorted by (round, to)";
      if (x.from == x.to) return "self transfer";
      if (sends[x.from]++) return "two sends in one round";
      if (recvs[x.to] >= 0) return "two receives in one round";
      recvs[x.to] = x.segment;
      moving[k - t] = held[static_cast<std::size_t>(x.from * N + x.segment)];
      if (moving[k - t] == 0) return "sends a segment it does not hold";
    }
    for (std::size_t k = t; k < end; ++k) {
      const Transfer& x = s.transfers[k];
      if (recvs[x.from] == x.segment) {
        return "round " + std::to_string(round) + ": forwards a segment received in that round";
      }
    }
    for (std::size_t k = t; k < end; ++k) {
      const Transfer& x = s.transfers[k];
      held[static_cast<std::size_t>(x.from * N + x.segment)] = 0;
    }
    for (std::size_t k = t; k < end; ++k) {
      const Transfer& x = s.transfers[k];
      std::uint64_t& dst = held[static_cast<std::size_t>(x.to * N + x.segment)];
      if (dst & moving[k - t]) return "a share combined twice";
      dst |= moving[k - t];
    }
    t = end;
  }
  const std::uint64_t all = P == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << P) - 1;
  for (int p = 0; p < P; ++p) {
    for (int j = 0; j < N; ++j) {
      const std::uint64_t h = held[static_cast<std::size_t>(p * N + j)];
      if (p == in.root && h != all) return "root lacks shares of segment " + std::to_string(j);
      if (p != in.root && h != 0) return "process " + std::to_string(p) + " keeps data";
    }
  }
  if (!s.transfers.empty() && s.transfers.back().round != s.rounds) return "trailing rounds";
  return "";
}

TEST(ClvSchedule, Figure1SendRounds) {
  // [ProficzOcetkiewicz2021] Fig. 1: a_i = i, d = 1, N = 6, root 0; cell (s, p) = round in which p
  // sends s, first 11 rounds, processes p0..p12 (0: not within 11 rounds).
  const std::array<std::array<int, 13>, 6> expected = {{
      {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0},
      {1, 2, 4, 6, 8, 10, 11, 0, 0, 0, 0, 0, 0},
      {2, 0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 0},
      {3, 3, 0, 5, 6, 7, 8, 9, 10, 11, 0, 0, 0},
      {4, 4, 5, 0, 7, 8, 9, 10, 11, 0, 0, 0, 0},
      {5, 5, 6, 7, 0, 9, 10, 11, 0, 0, 0, 0, 0},
  }};
  std::vector<double> a;
  for (int i = 0; i < 14; ++i) a.push_back(i);
  const Instance in = instance(a, 1, 6, 0);
  for (const Impl impl : kImpls) {
    const Schedule s = make_schedule(impl, in);
    std::array<std::array<int, 13>, 6> got{};
    for (const Transfer& x : s.transfers) {
      if (x.round <= 11 && x.from < 13) {
        EXPECT_EQ(got[x.segment][x.from], 0) << "sent twice";
        got[x.segment][x.from] = x.round;
      }
    }
    EXPECT_EQ(got, expected) << impl_name(impl);
    EXPECT_EQ(replay(in, s), "") << impl_name(impl);
  }
}

TEST(ClvSchedule, Section42PPrimeInstance) {
  // [ProficzOcetkiewicz2021] §4.2 with P': 6 rounds, 15 messages.
  const std::vector<Transfer> expected = {
      {1, 1, 0, 0}, {1, 0, 1, 1}, {2, 2, 0, 0}, {2, 3, 1, 1}, {2, 0, 2, 2},
      {2, 1, 3, 2}, {3, 3, 0, 0}, {3, 2, 1, 1}, {3, 0, 2, 3}, {3, 1, 3, 3},
      {4, 1, 0, 1}, {4, 3, 2, 2}, {4, 2, 3, 3}, {5, 2, 0, 2}, {6, 3, 0, 3},
  };
  const Instance in = instance({0, 0, 0, 1.1}, 1, 4, 0);
  for (const Impl impl : kImpls) {
    const Schedule s = make_schedule(impl, in);
    EXPECT_EQ(s.rounds, 6) << impl_name(impl);
    EXPECT_EQ(s.transfers, expected) << impl_name(impl);
  }
}

TEST(ClvSchedule, Section51IdleRounds) {
  // [ProficzOcetkiewicz2021] §5.1: N = 1, d = 1 ms, a = 0, 1, 2, 3 s: transfers in rounds 1000,
  // 2000, 3000.
  const std::vector<Transfer> expected = {{1000, 1, 0, 0}, {2000, 2, 0, 0}, {3000, 3, 0, 0}};
  const Instance in = instance({0, 1, 2, 3}, 0.001, 1, 0);
  for (const Impl impl : kImpls) {
    const Schedule s = make_schedule(impl, in);
    EXPECT_EQ(s.rounds, 3000) << impl_name(impl);
    EXPECT_EQ(s.transfers, expected) << impl_name(impl);
  }
}

TEST(ClvSchedule, BalancedRoundCounts) {
  // Balanced (Errata: Clairvoyant Listing 2 semantics): all a_i = 0, d = 1, root 0, P = N; N(P-1) +
  // (N-1) messages.
  const std::array<std::pair<int, int>, 5> rounds = {
      {{4, 5}, {8, 10}, {16, 19}, {32, 36}, {64, 69}}};
  for (const auto& [P, R] : rounds) {
    const Instance in = instance(std::vector<double>(static_cast<std::size_t>(P), 0.0), 1, P, 0);
    for (const Impl impl : kImpls) {
      const Schedule s = make_schedule(impl, in);
      EXPECT_EQ(s.rounds, R) << impl_name(impl) << " P=" << P;
      EXPECT_EQ(s.transfers.size(), static_cast<std::size_t>(P * (P - 1) + P - 1));
    }
  }
}

TEST(ClvSchedule, SingleProcessHasNoRounds) {
  const Instance in = instance({5}, 1, 3, 0);
  for (const Impl impl : kImpls) {
    const Schedule s = make_schedule(impl, in);
    EXPECT_EQ(s.rounds, 0);
    EXPECT_TRUE(s.transfers.empty());
  }
}

TEST(ClvSchedule, RefusesBadInstances) {
  EXPECT_THROW(schedule_linear(instance({}, 1, 1, 0)), std::invalid_argument);
  EXPECT_THROW(schedule_pairing(instance({0, 1}, 0, 1, 0)), std::invalid_argument);
  EXPECT_THROW(schedule_segtree(instance({0, 1}, 1, 0, 0)), std::invalid_argument);
  EXPECT_THROW(schedule_segtree(instance({0, 1}, 1, 1, 2)), std::invalid_argument);
  EXPECT_THROW(parse_impl("heap"), std::invalid_argument);
}

// Random instances of several shapes: exact multiples of d (ties at the window edge), equal
// arrivals, continuous arrivals, one late process (skewed), long gaps (idle rounds).
Instance random_instance(std::mt19937_64& rng, int max_p, int max_n, int min_p = 1) {
  auto uniform = [&](std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
  };
  Instance in;
  const int P = static_cast<int>(uniform(min_p, max_p));
  in.segments = static_cast<int>(uniform(1, max_n));
  in.root = static_cast<int>(uniform(0, P - 1));
  in.round_time = uniform(1, 4) * 1000;
  const std::int64_t d = in.round_time;
  const int shape = static_cast<int>(uniform(0, 4));
  for (int p = 0; p < P; ++p) {
    switch (shape) {
      case 0:
        in.arrival.push_back(uniform(0, 4) * d);
        break;
      case 1:
        in.arrival.push_back(7);
        break;
      case 2:
        in.arrival.push_back(uniform(0, (P + 1) * d));
        break;
      case 3:
        in.arrival.push_back(p == P - 1 ? in.segments * d : 0);
        break;
      default:
        in.arrival.push_back(uniform(0, 3) * 20 * d + uniform(0, 2) * d / 2);
        break;
    }
  }
  return in;
}

// The adaptive choice picks each round's sets by what earlier rounds cost; either kind alone, for
// every round, must give the same schedule.
void check_sets(const Instance& in, const Schedule& ref, int n) {
  const segtree::Path path = segtree::best_path();
  ASSERT_EQ(segtree::schedule(in, path, segtree::Sets::kCounted), ref) << "counted, instance " << n;
  ASSERT_EQ(segtree::schedule(in, path, segtree::Sets::kChecked), ref) << "checked, instance " << n;
}

void check_random(std::uint64_t seed, int instances, int max_p, int max_n) {
  std::mt19937_64 rng(seed);
  for (int n = 0; n < instances; ++n) {
    const Instance in = random_instance(rng, max_p, max_n);
    const Schedule ref = schedule_linear(in);
    ASSERT_EQ(replay(in, ref), "") << "instance " << n;
    ASSERT_EQ(schedule_pairing(in), ref) << "pairing, instance " << n;
    ASSERT_EQ(schedule_segtree(in), ref) << "segtree, instance " << n;
    check_sets(in, ref, n);
  }
}

// N above 256 puts columns in two 256-bit blocks; both kernel paths must agree with linear.
void check_wide(std::uint64_t seed, int instances) {
  std::mt19937_64 rng(seed);
  for (int n = 0; n < instances; ++n) {
    Instance in = random_instance(rng, 20, 64);
    in.segments = 200 + static_cast<int>(rng() % 200);
    const Schedule ref = schedule_linear(in);
    ASSERT_EQ(replay(in, ref), "") << "instance " << n;
    ASSERT_EQ(segtree::schedule(in, segtree::Path::kScalar), ref) << "scalar64, instance " << n;
    if (segtree::path_available(segtree::Path::kAvx2)) {
      ASSERT_EQ(segtree::schedule(in, segtree::Path::kAvx2), ref) << "avx2, instance " << n;
    }
    check_sets(in, ref, n);
  }
}

TEST(ClvSchedule, RandomInstancesTwoBlocksBothPaths) {
  check_wide(3, 150);
}

TEST(ClvSchedule, RandomInstancesSmallScalarPath) {
  std::mt19937_64 rng(4);
  for (int n = 0; n < 3000; ++n) {
    const Instance in = random_instance(rng, 12, 12);
    ASSERT_EQ(segtree::schedule(in, segtree::Path::kScalar), schedule_linear(in)) << n;
  }
}

// Groups of more than 64 processes: the per-round sets over processes span several words, and the
// holder counts several bit planes.
TEST(ClvSchedule, RandomInstancesManyProcessesBothPaths) {
  std::mt19937_64 rng(5);
  for (int n = 0; n < 8; ++n) {
    const Instance in = random_instance(rng, 200, 200, 65);
    const Schedule ref = schedule_linear(in);
    ASSERT_EQ(segtree::schedule(in, segtree::Path::kScalar), ref) << "scalar64, instance " << n;
    if (segtree::path_available(segtree::Path::kAvx2)) {
      ASSERT_EQ(segtree::schedule(in, segtree::Path::kAvx2), ref) << "avx2, instance " << n;
    }
    check_sets(in, ref, n);
  }
}

TEST(ClvSchedule, RandomInstancesSmall) {
  check_random(1, 20000, 12, 12);
}
TEST(ClvSchedule, RandomInstancesMedium) {
  check_random(2, 1000, 64, 64);
}

}  // namespace
}  // namespace papbench::clv

namespace papbench::clv {
namespace {

TEST(ClvSegtreeIndex, PathNames) {
  EXPECT_EQ(segtree::path_name(segtree::Path::kScalar), "scalar64");
  EXPECT_EQ(segtree::parse_path("scalar64"), segtree::Path::kScalar);
  EXPECT_EQ(segtree::parse_path("auto"), segtree::best_path());
  EXPECT_THROW(segtree::parse_path("sse"), std::invalid_argument);
  EXPECT_EQ(segtree::column_words(1), 4U);
  EXPECT_EQ(segtree::column_words(256), 4U);
  EXPECT_EQ(segtree::column_words(257), 8U);
}

TEST(ClvFootprint, CountsPerCellState) {
  // linear's only per-cell structure is one byte per (process, segment).
  const Instance in = instance({0, 0.5, 1, 3}, 1, 10, 2);
  ByteCounter linear;
  {
    const ByteCounting counting(linear);
    (void)schedule_linear(in);
  }
  EXPECT_EQ(linear.peak, 40U);
  EXPECT_EQ(linear.current, 0U);
  // pairing holds a heap node, a handle and two flag bytes per cell at its peak (round 1: every
  // cell of the whole group is in a heap).
  ByteCounter pairing;
  {
    const ByteCounting counting(pairing);
    (void)schedule_pairing(instance({0, 0, 0, 0}, 1, 10, 0));
  }
  EXPECT_GT(pairing.peak, 40U * (sizeof(void*) + 2 + 3 * sizeof(void*)));
  EXPECT_EQ(pairing.current, 0U);
  // segtree: a column per process (10 segments padded to 256 bits) and a holder row per segment
  // (4 processes padded to 256 bits).
  ByteCounter seg;
  {
    const ByteCounting counting(seg);
    (void)schedule_segtree(in);
  }
  EXPECT_EQ(seg.peak, 4U * 32 + 10U * 32);
  // Outside a guard nothing is counted.
  (void)schedule_linear(in);
  EXPECT_EQ(linear.peak, 40U);
}

}  // namespace
}  // namespace papbench::clv
