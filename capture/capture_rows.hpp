#pragma once
// One rank's calls as rank 0 receives them at MPI_Finalize: names resolved to strings (an index
// into the rank's string table) and times on the global clock, packed as fixed int64 rows so one
// MPI_Gatherv moves them.

#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace papbench::capture {

struct CallRow {
  std::int64_t comm = 0;     // string: the communicator's identity ("world" or "c<hash>#<n>")
  std::int64_t members = 0;  // string: world ranks of its ranks, "0,1,2,3"
  std::int64_t seq = 0;
  std::int64_t collective = 0;  // capture::Collective
  std::int64_t root = -1;
  std::int64_t count = 0;
  std::int64_t dtype = 0;  // string
  std::int64_t op = 0;     // string
  std::int64_t site = 0;   // string
  std::int64_t arrival_ns = 0;
  std::int64_t exit_ns = 0;
  std::int64_t bound_ns = 0;  // the clock's error bound at the arrival
  // Nonblocking collectives (RawCall's fields of the same names; 0 for blocking ones).
  std::int64_t compute_ns = 0;
  std::int64_t test_ns = 0;
  std::int64_t wait_ns = 0;
  std::int64_t tests = 0;
  std::int64_t done_by_test = 0;
};
inline constexpr int kCallRowFields = 17;
static_assert(sizeof(CallRow) == kCallRowFields * sizeof(std::int64_t));
static_assert(std::is_trivially_copyable_v<CallRow>);

struct RankCalls {
  int world_rank = 0;
  std::vector<std::string> strings;
  std::vector<CallRow> rows;
};

// Strings joined by '\0' (they never hold one), and back.
std::vector<char> pack_strings(std::span<const std::string> strings);
std::vector<std::string> unpack_strings(std::span<const char> packed);
std::vector<std::int64_t> pack_rows(std::span<const CallRow> rows);
// Throws std::runtime_error when the size is not a whole number of rows.
std::vector<CallRow> unpack_rows(std::span<const std::int64_t> packed);

}  // namespace papbench::capture
