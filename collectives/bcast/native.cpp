// bcast/native: the MPI library's own MPI_Bcast, the baseline the other bcast algorithms are
// measured against. Without options the library picks the algorithm; with force=NAME the library
// is made to run its algorithm NAME through MPI_T control variables (collectives/bcast/
// forced_bcast.hpp), set before the case's communicator is created and read back.
//
// Cost: the library's choice.
#include <optional>

#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/forced_bcast.hpp"
#include "collectives/core/alg_option.hpp"
#include "common/errors.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

std::optional<bcast::ForcedBcast> forced_of(const AlgOptions& options) {
  // resolve_options refuses segsize and fanout without force (their needs_option).
  if (!options.contains("force")) return std::nullopt;
  bcast::ForcedBcast f{std::string(option_text(options, "force")), std::nullopt, std::nullopt};
  if (const auto s = option_number(options, "segsize")) f.segsize = static_cast<std::size_t>(*s);
  if (const auto k = option_number(options, "fanout")) f.fanout = static_cast<int>(*k);
  return f;
}

class BcastNative final : public Algorithm {
 public:
  explicit BcastNative(std::optional<bcast::ForcedBcast> forced) : forced_(std::move(forced)) {}

  void prepare(const Args& args) override {
    // A private duplicate: the library's messages can never match the harness's. Open MPI reads
    // forced algorithms when a communicator is created, so the variables are set around the dup.
    if (forced_) forcing_.emplace(*forced_);
    comm_ = Comm::dup(args.comm);
    if (forcing_ && forcing_->per_communicator()) forcing_.reset();
  }

  void run(const Args& a) override {
    // The root's data is already in recv (the one buffer of a broadcast).
    mpi_check(MPI_Bcast(a.recv, count_as_int(a.count, "bcast count"), a.dtype, a.root, comm_.get()),
              "MPI_Bcast");
  }

 private:
  std::optional<bcast::ForcedBcast> forced_;
  std::optional<bcast::BcastForcing> forcing_;  // held while the library reads it at every call
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_bcast_native(const AlgOptions& options) {
  return std::make_unique<BcastNative>(forced_of(options));
}

void check_bcast_native_forcing(const AlgOptions& options) {
  if (const auto f = forced_of(options)) const bcast::BcastForcing check(*f);
}

void request_bcast_native_forcing(const AlgOptions& resolved) {
  if (resolved.contains("force")) bcast::request_forcing_environment();
}

}  // namespace papbench
