#include "capture/call_site.hpp"

#include <cxxabi.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <fmt/format.h>

#include <array>
#include <cstdlib>
#include <memory>

namespace papbench::capture {
namespace {

struct FreeDeleter {
  void operator()(char* p) const { std::free(p); }
};

std::string demangled(const char* symbol) {
  int status = 0;
  std::unique_ptr<char, FreeDeleter> out(abi::__cxa_demangle(symbol, nullptr, nullptr, &status));
  return status == 0 && out ? std::string(out.get()) : std::string(symbol);
}

std::string base_name(const char* path) {
  std::string s = path != nullptr ? path : "?";
  const auto slash = s.rfind('/');
  return slash == std::string::npos ? s : s.substr(slash + 1);
}

}  // namespace

std::string site_name(const void* return_address) {
  Dl_info info{};
  if (return_address == nullptr || dladdr(return_address, &info) == 0) {
    return fmt::format("{}", return_address);
  }
  const auto addr = reinterpret_cast<std::uintptr_t>(return_address);
  if (info.dli_sname != nullptr && info.dli_saddr != nullptr) {
    return fmt::format("{}+{:#x}", demangled(info.dli_sname),
                       addr - reinterpret_cast<std::uintptr_t>(info.dli_saddr));
  }
  return fmt::format("{}+{:#x}", base_name(info.dli_fname),
                     addr - reinterpret_cast<std::uintptr_t>(info.dli_fbase));
}

std::uint64_t stack_hash() {
  std::array<void*, 32> frames{};
  const int n = backtrace(frames.data(), static_cast<int>(frames.size()));
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a over (module base offset) of each frame
  // Frame 0 is this function and 1 the wrapper: the same for every call.
  for (int i = 2; i < n; ++i) {
    Dl_info info{};
    std::uintptr_t v = reinterpret_cast<std::uintptr_t>(frames[static_cast<std::size_t>(i)]);
    if (dladdr(frames[static_cast<std::size_t>(i)], &info) != 0) {
      v -= reinterpret_cast<std::uintptr_t>(info.dli_fbase);
    }
    for (int b = 0; b < 8; ++b) {
      h ^= (v >> (8 * b)) & 0xff;
      h *= 1099511628211ULL;
    }
  }
  return h;
}

}  // namespace papbench::capture
