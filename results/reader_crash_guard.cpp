#include "results/reader_crash_guard.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

#include "common/errors.hpp"

namespace papbench::results {
namespace {

// Written before the read, since a signal handler may only write() and _exit().
std::array<char, 4096> g_message{};
std::size_t g_length = 0;
bool g_active = false;

extern "C" void on_crash(int /*signal*/) {
  [[maybe_unused]] const ssize_t ignored = ::write(STDERR_FILENO, g_message.data(), g_length);
  ::_exit(kUsageExit);
}

}  // namespace

ReaderCrashGuard::ReaderCrashGuard(const std::string& path) {
  if (g_active) return;
  const auto out =
      fmt::format_to_n(g_message.data(), g_message.size(),
                       "{}: '{}' is damaged: the HDF5 library crashed while reading it\n",
                       program_invocation_short_name, path);
  g_length = std::min(out.size, g_message.size());
  struct sigaction action {};
  action.sa_handler = on_crash;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGSEGV, &action, &old_segv_);
  sigaction(SIGBUS, &action, &old_bus_);
  sigaction(SIGFPE, &action, &old_fpe_);
  g_active = installed_ = true;
}

ReaderCrashGuard::~ReaderCrashGuard() {
  if (!installed_) return;
  sigaction(SIGSEGV, &old_segv_, nullptr);
  sigaction(SIGBUS, &old_bus_, nullptr);
  sigaction(SIGFPE, &old_fpe_, nullptr);
  g_active = false;
}

}  // namespace papbench::results
