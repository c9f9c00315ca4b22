#include "common/files.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
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

std::string errno_message(int err) {
  return std::system_category().message(err);
}

// access() grants root everything and knows nothing of file systems that take no new files
// (/proc, sysfs: "--out /proc/version --force" passed it and failed at the create, issue 47), so
// a file is created beside `path` and removed, as the writers create theirs there first
// (results/result_writer.cpp's NAME.incomplete-HOST-PID, the capture's NAME.part).
void probe_create(std::string_view option, const std::string& path, const std::string& dir) {
  const std::string probe = fmt::format("{}/.papbench-probe-{}", dir, ::getpid());
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd >= 0) {
    ::close(fd);
    ::unlink(probe.c_str());
    return;
  }
  const int err = errno;
  if (err == EEXIST) return;  // a leftover of an earlier process with this pid: files can go there
  throw UsageError(fmt::format("{}: cannot create '{}' in '{}': {}{}", option, path, dir,
                               errno_message(err),
                               err == ENOENT ? " (the file system there takes no new files)" : ""));
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
  if (path.empty()) throw UsageError(fmt::format("{}: the file name is empty", option));
  const std::filesystem::path p(path);
  for (const auto& part : p) {
    if (part.native().size() > NAME_MAX) {
      throw UsageError(
          fmt::format("{}: a part of the name is {} characters long, more than the "
                      "{} a file name may have",
                      option, part.native().size(), NAME_MAX));
    }
  }
  if (path.size() >= PATH_MAX) {
    throw UsageError(
        fmt::format("{}: the name is {} characters long, more than the {} a path "
                    "may have",
                    option, path.size(), PATH_MAX - 1));
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (!S_ISREG(st.st_mode)) {
      throw UsageError(fmt::format("{}: '{}' is {}, not a regular file{}", option, path,
                                   kind_of(st.st_mode),
                                   force ? "; --force replaces only a regular file" : ""));
    }
  } else if (errno != ENOENT) {
    throw UsageError(fmt::format("{}: '{}': {}", option, path, errno_message(errno)));
  } else if (::lstat(path.c_str(), &st) == 0) {
    throw UsageError(fmt::format("{}: '{}' is a symbolic link to nothing", option, path));
  }
  const std::string dir = p.has_parent_path() ? p.parent_path().string() : std::string(".");
  if (::stat(dir.c_str(), &st) != 0) {
    throw UsageError(fmt::format("{}: cannot create '{}': directory '{}': {}", option, path, dir,
                                 errno_message(errno)));
  }
  if (!S_ISDIR(st.st_mode)) {
    throw UsageError(
        fmt::format("{}: cannot create '{}': '{}' is not a directory", option, path, dir));
  }
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    throw UsageError(
        fmt::format("{}: cannot create '{}' in '{}': {}", option, path, dir, errno_message(errno)));
  }
  probe_create(option, path, dir);
}

}  // namespace papbench
