#pragma once
// What every PAP-aware algorithm ([Proficz2020] §3) does before its calls: it gives the PAT
// runtime the call's arguments (PAT_Register) and its background part (PAT_UseAlg; none for the
// algorithms that only read the exchanged arrivals), and takes a communicator of its own for its
// messages. The algorithms derive from one of the two classes below and write only their
// foreground run() and, with a background part, its background().

#include <string>
#include <string_view>

#include "collectives/core/algorithm.hpp"
#include "collectives/pat/pat_runtime.hpp"
#include "common/mpi_env.hpp"

namespace papbench {

// An algorithm that reads the exchanged arrivals in its foreground (SLIN, SLS, SBN).
class PatAwareAlgorithm : public Algorithm {
 public:
  void prepare(const Args& a) override {
    PatRuntime& pat = runtime(a);
    PatBackground* work = background_part();
    // A background part reads comm_: the last case's may still run (a gather leaf, a scatter
    // root return before it ends), so wait for it before replacing comm_.
    if (work != nullptr) pat.wait_idle();
    comm_ = Comm::dup(a.comm);
    pat.use_alg(work);
    pat.register_call(a);
  }

 protected:
  // `name` ("gather/sls") is what the refusal without --pat names.
  explicit PatAwareAlgorithm(std::string_view name) : name_(name) {}
  virtual PatBackground* background_part() { return nullptr; }

  PatRuntime& runtime(const Args& a) const { return require_pat(a, name_); }
  const Comm& comm() const { return comm_; }

 private:
  std::string name_;
  Comm comm_;
};

// An algorithm with a part in the runtime's background thread (BSLN, BSBN, BSLS).
class PatBackgroundAlgorithm : public PatAwareAlgorithm, public PatBackground {
 protected:
  using PatAwareAlgorithm::PatAwareAlgorithm;
  PatBackground* background_part() final { return this; }
};

}  // namespace papbench
