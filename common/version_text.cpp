#include "common/version_text.hpp"

#include <fmt/format.h>

#include "papbench/version.hpp"

namespace papbench {

std::string version_text(std::string_view version, std::string_view commit) {
  return commit.empty() ? std::string(version) : fmt::format("{} ({})", version, commit);
}

std::string this_version_text() {
  return version_text(kVersion, kGitSha);
}

}  // namespace papbench
