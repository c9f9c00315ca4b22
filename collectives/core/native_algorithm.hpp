#pragma once
// The one driver of every blocking <collective>/native row: the library's own call on a private
// duplicate of the case's communicator (the library's messages can never match the harness's),
// made under force=NAME where asked (forced_native.hpp), with the forcing held around the call
// inside the timed region. Each collective's native.cpp supplies only its call, so the eleven rows
// cannot drift apart in how they duplicate, force or time.

#include <memory>
#include <string_view>

#include "collectives/core/algorithm.hpp"
#include "collectives/core/forced_native.hpp"
#include "collectives/core/native_force_option.hpp"

namespace papbench {

// The collective's library call on `comm`, with the case's buffers, counts and root.
using NativeCall = void (*)(const Args& args, MPI_Comm comm);

template <NativeCall Call>
class NativeAlgorithm final : public Algorithm {
 public:
  NativeAlgorithm(std::string_view collective, const AlgOptions& options)
      : comm_(collective, forced_of(options)) {}

  void prepare(const Args& args) override { comm_.prepare(args.comm); }

  void run(const Args& args) override {
    const auto forced = comm_.forced_call();
    Call(args, comm_.get());
  }

 private:
  forced::NativeComm comm_;
};

template <NativeCall Call>
std::unique_ptr<Algorithm> make_native(std::string_view collective, const AlgOptions& options) {
  return std::make_unique<NativeAlgorithm<Call>>(collective, options);
}

}  // namespace papbench
