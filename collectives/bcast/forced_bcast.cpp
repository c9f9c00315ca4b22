#include "collectives/bcast/forced_bcast.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <mpi.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <span>

#include "common/errors.hpp"

namespace papbench::bcast {
namespace {

constexpr const char* kOmpiAlgorithm = "coll_tuned_bcast_algorithm";
constexpr const char* kOmpiSegsize = "coll_tuned_bcast_algorithm_segmentsize";
constexpr const char* kOmpiFanout = "coll_tuned_bcast_algorithm_chain_fanout";
constexpr const char* kOmpiDynamic = "coll_tuned_use_dynamic_rules";
constexpr const char* kMpichAlgorithm = "MPIR_CVAR_BCAST_INTRA_ALGORITHM";
constexpr const char* kMpichDeviceCollective = "MPIR_CVAR_BCAST_DEVICE_COLLECTIVE";
constexpr const char* kMpichFallback = "MPIR_CVAR_COLLECTIVE_FALLBACK";

// The thread level to ask MPI_T for: MPI's own once it is up (Open MPI lowers the process's
// recorded level to whatever MPI_T_init_thread asks for, which would make MPI_Query_thread lie to
// the PAT runtime), single before.
int mpit_thread_level() {
  int initialized = 0, finalized = 0, level = MPI_THREAD_SINGLE;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized) MPI_Query_thread(&level);
  return level;
}

// One MPI_T session for the whole process, never finalized: MPICH 4.0 cannot initialize MPI_T
// again after finalizing it (its variable lookups then fail or crash), and Open MPI rebuilds its
// variable tables at every first MPI_T_init_thread, a quarter of a second each time.
bool mpit_ready() {
  static const bool ready = [] {
    int provided = 0;
    return MPI_T_init_thread(mpit_thread_level(), &provided) == MPI_SUCCESS;
  }();
  return ready;
}

struct Cvar {
  int index = -1;
  MPI_Datatype type = MPI_DATATYPE_NULL;
  MPI_T_enum enumtype = MPI_T_ENUM_NULL;
  int scope = 0;
  std::string description;
};

std::optional<Cvar> find_cvar(const char* name) {
  Cvar v;
  if (MPI_T_cvar_get_index(name, &v.index) != MPI_SUCCESS) return std::nullopt;
  std::array<char, 256> got{};
  std::array<char, 4096> desc{};
  int len = static_cast<int>(got.size()), verbosity = 0, bind = 0;
  int dlen = static_cast<int>(desc.size());
  if (MPI_T_cvar_get_info(v.index, got.data(), &len, &verbosity, &v.type, &v.enumtype, desc.data(),
                          &dlen, &bind, &v.scope) != MPI_SUCCESS ||
      bind != MPI_T_BIND_NO_OBJECT) {
    return std::nullopt;
  }
  v.description = desc.data();
  return v;
}

Cvar require_cvar(const char* name) {
  const auto v = find_cvar(name);
  if (!v) {
    throw UsageError(
        fmt::format("--alg native:force: this MPI library has no MPI_T control variable {}", name));
  }
  return *v;
}

// Control variables are ints, bools or longs; read into zeroed storage so a one-byte bool reads
// back right.
long long read_cvar(const Cvar& v, const char* name) {
  MPI_T_cvar_handle h{};
  int n = 0;
  if (MPI_T_cvar_handle_alloc(v.index, nullptr, &h, &n) != MPI_SUCCESS) {
    throw UsageError(fmt::format("--alg native:force: cannot read {} through MPI_T", name));
  }
  std::array<unsigned char, 16> raw{};
  const int rc = MPI_T_cvar_read(h, raw.data());
  MPI_T_cvar_handle_free(&h);
  if (rc != MPI_SUCCESS) {
    throw UsageError(fmt::format("--alg native:force: cannot read {} through MPI_T", name));
  }
  if (v.type == MPI_INT || v.type == MPI_UNSIGNED) {
    int i = 0;
    std::memcpy(&i, raw.data(), sizeof i);
    return i;
  }
  if (v.type == MPI_C_BOOL) return raw[0] != 0 ? 1 : 0;
  long long l = 0;
  std::memcpy(&l, raw.data(), sizeof l);
  return l;
}

void write_cvar(const Cvar& v, const char* name, long long value) {
  MPI_T_cvar_handle h{};
  int n = 0;
  if (MPI_T_cvar_handle_alloc(v.index, nullptr, &h, &n) != MPI_SUCCESS) {
    throw UsageError(fmt::format("--alg native:force: cannot write {} through MPI_T", name));
  }
  std::array<unsigned char, 16> raw{};
  if (v.type == MPI_INT || v.type == MPI_UNSIGNED) {
    const auto i = static_cast<int>(value);
    std::memcpy(raw.data(), &i, sizeof i);
  } else if (v.type == MPI_C_BOOL) {
    raw[0] = value != 0 ? 1 : 0;
  } else {
    std::memcpy(raw.data(), &value, sizeof value);
  }
  const int rc = MPI_T_cvar_write(h, raw.data());
  MPI_T_cvar_handle_free(&h);
  if (rc != MPI_SUCCESS) {
    throw UsageError(fmt::format(
        "--alg native:force: this MPI library refuses to set {} through MPI_T (MPI_T error {})",
        name, rc));
  }
}

// MPICH (4.0 at least) exposes its choice variables as plain ints with no MPI_T enum. Their
// values are the positions of the choices in the variable's description ("auto - Internal ...
// binomial - Force Binomial Tree ..."), which MPICH generates from the same list as the C enum, so
// the choices are read from there: each candidate name that the description lists as "NAME  - ",
// ordered by where it appears (of two names ending at one place, such as tree and pipelined_tree,
// the longer).
std::vector<std::pair<std::string, int>> described_items(
    const std::string& description, std::span<const std::string_view> candidates) {
  struct Found {
    std::size_t begin, end;
    std::string_view name;
  };
  std::vector<Found> found;
  for (const auto name : candidates) {
    for (auto at = description.find(name); at != std::string::npos;
         at = description.find(name, at + 1)) {
      auto after = at + name.size();
      while (after < description.size() && description[after] == ' ') ++after;
      if (description.compare(after, 2, "- ") == 0) {
        found.push_back({at, at + name.size(), name});
        break;
      }
    }
  }
  std::ranges::sort(found, [](const Found& a, const Found& b) {
    return a.end != b.end ? a.end < b.end : a.begin < b.begin;
  });
  const auto [first, last] = std::ranges::unique(found, {}, &Found::end);
  found.erase(first, last);
  std::vector<std::pair<std::string, int>> out;
  for (const auto& f : found) out.emplace_back(std::string(f.name), static_cast<int>(out.size()));
  return out;
}

// The choice names a described MPICH variable may list; "auto" (value 0) first.
std::vector<std::string_view> mpich_algorithm_candidates() {
  std::vector<std::string_view> names{"auto"};
  names.insert(names.end(), std::begin(kKnownForcedNames), std::end(kKnownForcedNames));
  return names;
}

std::vector<std::pair<std::string, int>> enum_items(MPI_T_enum e) {
  std::vector<std::pair<std::string, int>> out;
  if (e == MPI_T_ENUM_NULL) return out;
  int count = 0;
  std::array<char, 256> name{};
  int len = static_cast<int>(name.size());
  if (MPI_T_enum_get_info(e, &count, name.data(), &len) != MPI_SUCCESS) return out;
  for (int i = 0; i < count; ++i) {
    int value = 0;
    len = static_cast<int>(name.size());
    if (MPI_T_enum_get_item(e, i, &value, name.data(), &len) == MPI_SUCCESS) {
      out.emplace_back(name.data(), value);
    }
  }
  return out;
}

// A variable's choices: its MPI_T enum, else what its description lists.
std::vector<std::pair<std::string, int>> choices(const Cvar& v,
                                                 std::span<const std::string_view> candidates) {
  if (v.enumtype != MPI_T_ENUM_NULL) return enum_items(v.enumtype);
  return described_items(v.description, candidates);
}

std::vector<std::pair<std::string, int>> algorithm_choices(const Cvar& v) {
  const auto candidates = mpich_algorithm_candidates();
  return choices(v, candidates);
}

// Choices that are not algorithms: Open MPI's "ignore" (the fixed decision), MPICH's "auto".
bool is_algorithm(const std::string& name) {
  return name != "ignore" && name != "auto";
}

// What the linked library lets papbench force, asked once: it cannot change while the process
// runs, and every case label asks.
struct Forceable {
  std::string variable;
  std::vector<std::string> names;
};
const Forceable& forceable() {
  static const Forceable f = [] {
    Forceable out;
    if (!mpit_ready()) return out;
    auto v = find_cvar(kOmpiAlgorithm);
    out.variable = kOmpiAlgorithm;
    if (!v) {
      v = find_cvar(kMpichAlgorithm);
      out.variable = kMpichAlgorithm;
    }
    if (!v) return Forceable{};
    for (const auto& [name, value] : algorithm_choices(*v)) {
      if (is_algorithm(name)) out.names.push_back(name);
    }
    return out;
  }();
  return f;
}

}  // namespace

std::string forcing_variable() {
  return forceable().variable;
}

std::vector<std::string> forceable_bcast_names() {
  return forceable().names;
}

BcastForcing::BcastForcing(const ForcedBcast& want) {
  if (!mpit_ready())
    throw UsageError("--alg native:force: MPI_T is not available in this MPI library");
  try {
    // Each variable: remember, write, read back.
    auto set = [&](const char* name, const Cvar& v, long long value) {
      saved_.push_back({v.index, read_cvar(v, name)});
      write_cvar(v, name, value);
      const long long back = read_cvar(v, name);
      if (back != value) {
        throw UsageError(fmt::format("--alg native:force: {} reads back {} after setting it to {}",
                                     name, back, value));
      }
    };
    auto algorithm_value = [&](const char* name, const Cvar& v) {
      std::vector<std::string> names;
      for (const auto& [n, value] : algorithm_choices(v)) {
        if (n == want.algorithm) return value;
        if (is_algorithm(n)) names.push_back(n);
      }
      throw UsageError(fmt::format(
          "--alg native:force: '{}' is not an algorithm of {} in this MPI library; accepted: {}",
          want.algorithm, name, fmt::join(names, ", ")));
    };
    if (const auto ompi = find_cvar(kOmpiAlgorithm)) {
      const Cvar dynamic = require_cvar(kOmpiDynamic);
      if (read_cvar(dynamic, kOmpiDynamic) == 0) {
        throw UsageError(fmt::format(
            "--alg native:force: {} is false, so Open MPI ignores forced algorithms; it cannot "
            "be set through MPI_T: unset OMPI_MCA_{} (papbench then sets it to 1) or set it to 1",
            kOmpiDynamic, kOmpiDynamic));
      }
      const int id = algorithm_value(kOmpiAlgorithm, *ompi);
      set(kOmpiAlgorithm, *ompi, id);
      const std::size_t segsize = want.segsize.value_or(8192);
      set(kOmpiSegsize, require_cvar(kOmpiSegsize), static_cast<long long>(segsize));
      const int fanout = want.fanout.value_or(4);
      set(kOmpiFanout, require_cvar(kOmpiFanout), fanout);
      per_communicator_ = true;
    } else if (const auto mpich = find_cvar(kMpichAlgorithm)) {
      if (want.segsize || want.fanout) {
        throw UsageError(fmt::format(
            "--alg native:force: segsize and fanout are Open MPI's variables; this library "
            "forces only {}",
            kMpichAlgorithm));
      }
      const int id = algorithm_value(kMpichAlgorithm, *mpich);
      // The device (ch4) may otherwise run its own bcast instead of the one selected here.
      if (const auto device = find_cvar(kMpichDeviceCollective)) {
        set(kMpichDeviceCollective, *device, 0);
      }
      // A forced algorithm that cannot run on these arguments (smp without nodes) must fail, not
      // silently become the library's own choice: the case would measure something else.
      if (const auto fallback = find_cvar(kMpichFallback)) {
        constexpr std::string_view kFallbacks[] = {"error", "print", "silent"};
        const auto items = choices(*fallback, kFallbacks);
        const auto error =
            std::ranges::find(items, std::string("error"), &std::pair<std::string, int>::first);
        if (error == items.end()) {
          throw UsageError(fmt::format(
              "--alg native:force: cannot find the value 'error' of {} in this MPI library",
              kMpichFallback));
        }
        set(kMpichFallback, *fallback, error->second);
      }
      set(kMpichAlgorithm, *mpich, id);
      per_communicator_ = false;
    } else {
      throw UsageError(fmt::format(
          "--alg native:force: this MPI library exposes neither {} (Open MPI) nor {} (MPICH) "
          "through MPI_T",
          kOmpiAlgorithm, kMpichAlgorithm));
    }
  } catch (...) {
    restore();
    throw;
  }
}

BcastForcing::~BcastForcing() {
  restore();
}

void BcastForcing::restore() {
  // Restoring what could be written; nothing here may throw from a destructor.
  for (auto it = saved_.rbegin(); it != saved_.rend(); ++it) {
    char name[256] = {};
    int len = sizeof name, verbosity = 0, bind = 0, scope = 0, dlen = 0;
    MPI_Datatype type = MPI_DATATYPE_NULL;
    MPI_T_enum e = MPI_T_ENUM_NULL;
    if (MPI_T_cvar_get_info(it->index, name, &len, &verbosity, &type, &e, nullptr, &dlen, &bind,
                            &scope) != MPI_SUCCESS) {
      continue;
    }
    try {
      write_cvar(Cvar{it->index, type, e, scope, ""}, name, it->value);
    } catch (const UsageError&) {
      // Left as forced: the next case's own forcing (or none) rewrites what it needs.
    }
  }
  saved_.clear();
}

void request_forcing_environment() {
  // overwrite = 0: a user's own setting wins (and BcastForcing refuses if it is false).
  setenv("OMPI_MCA_coll_tuned_use_dynamic_rules", "1", 0);
}

}  // namespace papbench::bcast
