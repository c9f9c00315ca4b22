#include "collectives/core/forced_native.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <mpi.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <map>
#include <span>

#include "collectives/core/forced_native_table.hpp"
#include "common/errors.hpp"

namespace papbench::forced {
namespace {

constexpr const char* kOmpiDynamic = "coll_tuned_use_dynamic_rules";
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
std::vector<std::string_view> mpich_algorithm_candidates(const ForcedCollective& row) {
  std::vector<std::string_view> names{"auto"};
  names.insert(names.end(), row.names.begin(), row.names.end());
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

std::vector<std::pair<std::string, int>> algorithm_choices(const Cvar& v,
                                                           const ForcedCollective& row) {
  const auto candidates = mpich_algorithm_candidates(row);
  return choices(v, candidates);
}

// Choices that are not algorithms: Open MPI's "ignore" (the fixed decision), MPICH's "auto".
bool is_algorithm(const std::string& name) {
  return name != "ignore" && name != "auto";
}

// What the linked library lets papbench force for one collective, asked once: it cannot change
// while the process runs, and every case label asks.
struct Forceable {
  std::string variable;
  std::vector<std::string> names;
};
const Forceable& forceable(std::string_view collective) {
  static std::map<std::string, Forceable, std::less<>> cache;
  if (const auto it = cache.find(collective); it != cache.end()) return it->second;
  const ForcedCollective& row = forced_row(collective);
  Forceable out;
  if (mpit_ready()) {
    const std::string ompi(row.ompi_variable), mpich(row.mpich_variable);
    auto v = find_cvar(ompi.c_str());
    out.variable = ompi;
    if (!v) {
      v = find_cvar(mpich.c_str());
      out.variable = mpich;
    }
    if (v) {
      for (const auto& [name, value] : algorithm_choices(*v, row)) {
        if (is_algorithm(name) && unrunnable(collective, name) == nullptr) {
          out.names.push_back(name);
        }
      }
    } else {
      out.variable.clear();
    }
  }
  return cache.emplace(std::string(collective), std::move(out)).first->second;
}

}  // namespace

struct NativeForcing::CallToggle {
  MPI_T_cvar_handle handle{};
  int forced = 0;
  int original = 0;
};

namespace {

// One int variable written through a handle allocated beforehand: the writes around each forced
// call (NativeForcing::activate, deactivate) then cost a store into MPICH's variable, no lookup.
NativeForcing::CallToggle make_toggle(const Cvar& v, const char* name, long long forced_value) {
  NativeForcing::CallToggle t;
  int n = 0;
  if (MPI_T_cvar_handle_alloc(v.index, nullptr, &t.handle, &n) != MPI_SUCCESS) {
    throw UsageError(fmt::format("--alg native:force: cannot write {} through MPI_T", name));
  }
  t.original = static_cast<int>(read_cvar(v, name));
  t.forced = static_cast<int>(forced_value);
  return t;
}

}  // namespace

std::string forcing_variable(std::string_view collective) {
  return forceable(collective).variable;
}

std::vector<std::string> forceable_names(std::string_view collective) {
  return forceable(collective).names;
}

bool forcing_is_open_mpi() {
  return forcing_variable("bcast").starts_with("coll_tuned_");
}

NativeForcing::NativeForcing(std::string_view collective, const ForcedNative& want) {
  if (!mpit_ready())
    throw UsageError("--alg native:force: MPI_T is not available in this MPI library");
  const ForcedCollective& row = forced_row(collective);
  const std::string ompi_name(row.ompi_variable), mpich_name(row.mpich_variable);
  if (const Unrunnable* u = unrunnable(collective, want.algorithm)) {
    throw UsageError(fmt::format("--alg native:force={}: papbench cannot run {}'s {}: {}",
                                 want.algorithm, collective, want.algorithm, u->why));
  }
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
      for (const auto& [n, value] : algorithm_choices(v, row)) {
        if (n == want.algorithm) return value;
        if (is_algorithm(n) && unrunnable(collective, n) == nullptr) names.push_back(n);
      }
      throw UsageError(fmt::format(
          "--alg native:force: '{}' is not an algorithm of {} in this MPI library; accepted: {}",
          want.algorithm, name, fmt::join(names, ", ")));
    };
    if (const auto ompi = find_cvar(ompi_name.c_str())) {
      const Cvar dynamic = require_cvar(kOmpiDynamic);
      if (read_cvar(dynamic, kOmpiDynamic) == 0) {
        throw UsageError(fmt::format(
            "--alg native:force: {} is false, so Open MPI ignores forced algorithms; it cannot "
            "be set through MPI_T: unset OMPI_MCA_{} (papbench then sets it to 1) or set it to 1",
            kOmpiDynamic, kOmpiDynamic));
      }
      const int id = algorithm_value(ompi_name.c_str(), *ompi);
      if (ompi->scope == MPI_T_SCOPE_CONSTANT || ompi->scope == MPI_T_SCOPE_READONLY) {
        // Open MPI 4.1.4 registers coll_tuned_allgatherv_algorithm read-only
        // (coll_tuned_allgatherv_decision.c, MCA_BASE_VAR_SCOPE_READONLY): only the environment
        // at MPI_Init sets it, which request_native_forcing does for the run's one name.
        if (read_cvar(*ompi, ompi_name.c_str()) != id) {
          throw UsageError(fmt::format(
              "--alg native:force={}: this Open MPI lets {} be set only at MPI_Init, so a run can "
              "force one {} algorithm; run each name on its own (OMPI_MCA_{}={} sets it)",
              want.algorithm, ompi_name, collective, ompi_name, want.algorithm));
        }
      } else {
        set(ompi_name.c_str(), *ompi, id);
      }
      if (!row.ompi_segsize.empty()) {
        const std::string segsize_name(row.ompi_segsize);
        const std::size_t segsize = want.segsize.value_or(8192);
        set(segsize_name.c_str(), require_cvar(segsize_name.c_str()),
            static_cast<long long>(segsize));
      }
      if (!row.ompi_fanout.empty()) {
        const std::string fanout_name(row.ompi_fanout);
        set(fanout_name.c_str(), require_cvar(fanout_name.c_str()), want.fanout.value_or(4));
      }
      per_communicator_ = true;
    } else if (const auto mpich = find_cvar(mpich_name.c_str())) {
      if (want.segsize || want.fanout) {
        throw UsageError(fmt::format(
            "--alg native:force: segsize and fanout are Open MPI's variables; this library "
            "forces only {}",
            mpich_name));
      }
      const int id = algorithm_value(mpich_name.c_str(), *mpich);
      // The device (ch4) may otherwise run its own collective instead of the one selected here.
      const std::string device_name(row.mpich_device);
      const auto device = find_cvar(device_name.c_str());
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
      // MPICH reads the algorithm (and device) variable at every call, its own internal ones
      // included (MPI_Comm_dup agrees on a context id with MPIR_Allreduce): they hold the forced
      // values only around the case's own call (activate, deactivate). Here each is set and read
      // back once, then put back.
      if (device) {
        toggles_.push_back(make_toggle(*device, device_name.c_str(), 0));
        set(device_name.c_str(), *device, 0);
      }
      toggles_.push_back(make_toggle(*mpich, mpich_name.c_str(), id));
      set(mpich_name.c_str(), *mpich, id);
      deactivate();
      per_communicator_ = false;
    } else {
      throw UsageError(fmt::format(
          "--alg native:force: this MPI library exposes neither {} (Open MPI) nor {} (MPICH) "
          "through MPI_T",
          ompi_name, mpich_name));
    }
  } catch (...) {
    restore();
    throw;
  }
}

NativeForcing::~NativeForcing() {
  restore();
}

void NativeForcing::activate() {
  for (CallToggle& t : toggles_) MPI_T_cvar_write(t.handle, &t.forced);
}

void NativeForcing::deactivate() {
  for (CallToggle& t : toggles_) MPI_T_cvar_write(t.handle, &t.original);
}

void NativeForcing::restore() {
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
  for (CallToggle& t : toggles_) MPI_T_cvar_handle_free(&t.handle);
  toggles_.clear();
}

NativeComm::NativeComm(std::string_view collective, std::optional<ForcedNative> want)
    : collective_(collective), want_(std::move(want)) {}

void NativeComm::prepare(MPI_Comm parent) {
  // A private duplicate: the library's messages can never match the harness's. Open MPI reads
  // forced algorithms when a communicator is created, so the variables are set around the dup;
  // MPICH at every call, so they are set after it and held around each call (ForcedCall).
  if (want_ && forced::forcing_is_open_mpi()) forcing_.emplace(collective_, *want_);
  comm_ = Comm::dup(parent);
  if (forcing_) {
    forcing_.reset();
  } else if (want_) {
    forcing_.emplace(collective_, *want_);
  }
}

void request_forcing_environment() {
  // overwrite = 0: a user's own setting wins (and NativeForcing refuses if it is false).
  setenv("OMPI_MCA_coll_tuned_use_dynamic_rules", "1", 0);
}

void request_forcing_environment(std::string_view collective, const std::string& algorithm) {
  request_forcing_environment();
  // The algorithm variables Open MPI takes from the environment only (above): the first name a
  // run forces; NativeForcing refuses a second one.
  if (collective == "allgatherv") {
    setenv("OMPI_MCA_coll_tuned_allgatherv_algorithm", algorithm.c_str(), 0);
  }
}

}  // namespace papbench::forced
