#include "common/files.hpp"

#include <fmt/format.h>
#include <sys/stat.h>

#include <system_error>

#include "common/errors.hpp"

namespace papbench {
namespace {

std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

std::optional<std::string> non_regular_kind(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return std::nullopt;
  return kind_of(st.st_mode);
}

void require_regular_input(std::string_view what, const std::string& path) {
  if (const auto kind = non_regular_kind(path)) {
    throw UsageError(fmt::format("{}: '{}' is not a regular file ({})", what, path, *kind));
  }
}

void check_output_file(std::string_view option, const std::string& path, bool force) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    throw UsageError(fmt::format("{}: '{}' is {}, not a regular file{}", option, path,
                                 kind_of(st.st_mode),
                                 force ? "; --force replaces only a regular file" : ""));
  }
}

}  // namespace papbench
