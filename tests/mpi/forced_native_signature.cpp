// <collective>/native:force=NAME takes effect: for every collective of
// collectives/core/forced_native_table.hpp and every name the linked library offers, one call at 4
// ranks (root 0, 1 KiB uint8 blocks) through papbench's own native algorithm, its result checked,
// and the point-to-point messages the library sent inside it (tests/mpi/send_trace.hpp: every
// message, the library's internal ones included) compared with what the algorithm of that name
// sends (kExpected: which ranks each rank sends to, and how many messages, from the library's
// source). A forcing that read back but did not reach the library would send the default's
// messages. Names that cannot run at this shape are named (kCannotRun) and must be refused.
//
// --print: every name's messages, for writing an expectation. --init-only COLLECTIVE:NAME: Open MPI
// 4.1.4 lets coll_tuned_allgatherv_algorithm be set only at MPI_Init (forced_native.cpp), so that
// name alone, forced through the environment as papbench forces it (one ctest run per name).
// --expect COLLECTIVE:NAME: the library's own choice (native without force) must send what NAME
// sends: tests/e2e/tune_rules.sh runs it under the rules file `papbench-report tune` wrote.

#include <fmt/format.h>
#include <mpi.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "collectives/core/forced_native.hpp"
#include "collectives/core/forced_native_table.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "common/mpi_env.hpp"
#include "tests/mpi/mpi_test_checks.hpp"
#include "tests/mpi/send_trace.hpp"

namespace papbench {
namespace {

using mpi_test::expect;

// What one rank sent: "1x2 3x1" = two messages to rank 1, one to rank 3 (world ranks, ascending);
// "-" nothing.
std::string peers_text(const std::map<int, send_trace::PerPeer>& sent) {
  std::string out;
  for (const auto& [peer, p] : sent) {
    out += fmt::format("{}{}x{}", out.empty() ? "" : " ", peer, p.messages);
  }
  return out.empty() ? "-" : out;
}

struct Expected {
  std::string_view library;  // "ompi" or "mpich": a name both have is another algorithm in each
  std::string_view collective, name;
  // Per rank 0..3, separated by " | ": what peers_text gives.
  std::string_view sends;
};

// Filled from each library's source, Open MPI v4.1.4 ompi/mca/coll/base/coll_base_*.c and MPICH
// v4.0.2 src/mpi/coll/*/ (see each row), at 4 ranks, root 0.
constexpr Expected kExpected[] = {
#include "tests/mpi/forced_native_expected.inc"
};

// Forceable names that cannot run on 4 ranks of one node, so not called: Open MPI's two_proc (2
// ranks only; it returns an error), MPICH's smp (several nodes: its allreduce, reduce and bcast
// fail under MPIR_CVAR_COLLECTIVE_FALLBACK=error, but MPICH 4.0.2's barrier smp crashes with
// SIGSEGV on one node).
bool cannot_run_here(std::string_view name) {
  return name == "two_proc" || name == "smp";
}

// One call (forced to `name` unless it is empty): the messages this rank sent, or nullopt when the
// call was refused (every rank).
std::optional<std::string> traced_call(const CollectiveInfo& coll, const AlgorithmInfo& info,
                                       std::string_view name) {
  AlgOptions given;
  if (!name.empty()) given.emplace("force", std::string(name));
  const auto alg = make_algorithm(info, given);
  Workload w(coll, MPI_COMM_WORLD, 0, *find_datatype("uint8"), *find_op("sum"), 1024);
  Args args = w.args();
  alg->prepare(args);
  w.reset();
  send_trace::start();
  bool refused = false;
  try {
    alg->run(args);
  } catch (const MpiError&) {
    refused = true;
  }
  const auto sent = send_trace::stop();
  int any_refused = 0, mine = refused ? 1 : 0;
  mpi_check(MPI_Allreduce(&mine, &any_refused, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD),
            "MPI_Allreduce");
  if (any_refused != 0) return std::nullopt;
  std::string why;
  expect(w.check(&why), fmt::format("{}/native:force={}: wrong result: {}", coll.name, name, why));
  return peers_text(sent);
}

// Every rank's text, joined on rank 0 in rank order with " | ".
std::string gathered(const std::string& mine) {
  const int size = world_size();
  std::vector<char> buf(256, '\0');
  std::copy_n(mine.begin(), std::min(mine.size(), buf.size() - 1), buf.begin());
  std::vector<char> all(buf.size() * static_cast<std::size_t>(size));
  mpi_check(MPI_Gather(buf.data(), static_cast<int>(buf.size()), MPI_CHAR, all.data(),
                       static_cast<int>(buf.size()), MPI_CHAR, 0, MPI_COMM_WORLD),
            "MPI_Gather");
  std::string out;
  for (int r = 0; r < size; ++r) {
    if (r > 0) out += " | ";
    out += std::string(all.data() + static_cast<std::size_t>(r) * buf.size());
  }
  return out;
}

const Expected* expected_of(std::string_view library, std::string_view collective,
                            std::string_view name) {
  const auto e = std::ranges::find_if(kExpected, [&](const Expected& x) {
    return x.library == library && x.collective == collective && x.name == name;
  });
  return e == std::end(kExpected) ? nullptr : e;
}

// --expect: the unforced call sends what `name` does.
void run_expect(std::string_view collective, std::string_view name) {
  const std::string_view library = forced::forcing_is_open_mpi() ? "ompi" : "mpich";
  const auto sends =
      traced_call(*find_collective(collective), *find_algorithm(collective, "native"), "");
  const std::string all = sends ? gathered(*sends) : "";
  if (world_rank() != 0) return;
  const Expected* e = expected_of(library, collective, name);
  expect(e != nullptr, fmt::format("--expect: no expected messages of {}:{}", collective, name));
  if (e == nullptr) return;
  fmt::print("{}/native (the library's choice): {}\n", collective, all);
  expect(all == e->sends,
         fmt::format("{}/native sent {}, not what {} sends ({})", collective, all, name, e->sends));
}

void run(bool print, std::string_view only) {
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  if (!send_trace::calibrate()) {
    if (world_rank() == 0) fmt::print("skip: this MPI library does not send through UCX\n");
    return;
  }
  const bool ompi = forced::forcing_is_open_mpi();
  if (!only.empty() && !ompi) {
    if (world_rank() == 0) fmt::print("skip --init-only {}: MPICH sets it at run time\n", only);
    return;
  }
  int checked = 0, seen = 0;
  for (const forced::ForcedCollective& row : forced::kForcedCollectives) {
    const CollectiveInfo& coll = *find_collective(row.collective);
    const AlgorithmInfo& info = *find_algorithm(row.collective, "native");
    for (const std::string& name : forced::forceable_names(row.collective)) {
      if (!only.empty() && only != fmt::format("{}:{}", row.collective, name)) continue;
      // Forced only at MPI_Init here: the --init-only runs check them.
      if (only.empty() && ompi && row.collective == "allgatherv") continue;
      ++seen;
      if (cannot_run_here(name)) {
        if (world_rank() == 0)
          fmt::print("skip {}/native:force={}: not on 4 ranks of one node\n", row.collective, name);
        continue;
      }
      const auto sends = traced_call(coll, info, name);
      const std::string all = sends ? gathered(*sends) : "";
      if (world_rank() != 0) continue;
      const std::string label = fmt::format("{}/native:force={}", row.collective, name);
      if (!sends) {
        expect(false, label + ": refused, but it should run at 4 ranks");
        continue;
      }
      if (print) fmt::print("{}: {}\n", label, all);
      const std::string_view library = ompi ? "ompi" : "mpich";
      const Expected* e = expected_of(library, row.collective, name);
      if (e == nullptr) {
        expect(print, label + ": no expected messages in forced_native_expected.inc");
        continue;
      }
      expect(all == e->sends,
             fmt::format("{} ({}): sent {}, expected {}", label, library, all, e->sends));
      ++checked;
    }
  }
  if (world_rank() == 0) {
    expect(only.empty() || seen == 1, fmt::format("--init-only {}: no such forceable name", only));
    fmt::print("{} forced algorithms sent what they should\n", checked);
  }
}

}  // namespace
}  // namespace papbench

int main(int argc, char** argv) {
  bool print = false;
  std::string only, expect_name;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--print") print = true;
    if (arg == "--init-only" && i + 1 < argc) only = argv[++i];
    if (arg == "--expect" && i + 1 < argc) expect_name = argv[++i];
  }
  papbench::forced::request_forcing_environment();
  if (const auto colon = only.find(':'); colon != std::string::npos) {
    papbench::forced::request_forcing_environment(only.substr(0, colon), only.substr(colon + 1));
  }
  papbench::send_trace::setup_environment();
  papbench::MpiSession session(&argc, &argv);
  return papbench::mpi_test::run_checks([&] {
    if (const auto colon = expect_name.find(':'); colon != std::string::npos) {
      MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
      papbench::expect(papbench::send_trace::calibrate(), "--expect: no sends through UCX");
      papbench::run_expect(std::string_view(expect_name).substr(0, colon),
                           std::string_view(expect_name).substr(colon + 1));
      return;
    }
    papbench::run(print, only);
  });
}
