#include "tools/report/plots/gnuplot_driver.hpp"

#include <fmt/format.h>
#include <stdlib.h>  // mkdtemp
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string_view>
#include <system_error>
#include <vector>

#include "common/errors.hpp"

namespace papbench::report::plot {
namespace fs = std::filesystem;
namespace {

// A directory of our own, removed with everything in it however render() ends.
class TempDir {
 public:
  explicit TempDir(const fs::path& parent) {
    std::string pattern = (parent / ".papbench-plot.XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) {
      throw UsageError(fmt::format("--out: cannot create a temporary directory in {}: {}",
                                   parent.string(), std::strerror(errno)));
    }
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;  // nothing useful to do about a leftover in a destructor
    fs::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// popen/pclose as a handle: the child is always reaped.
class ReadPipe {
 public:
  explicit ReadPipe(const std::string& command) : file_(popen(command.c_str(), "r")) {
    if (file_ == nullptr)
      throw Error(fmt::format("cannot start gnuplot: {}", std::strerror(errno)));
  }
  ~ReadPipe() {
    if (file_ != nullptr) pclose(file_);
  }
  ReadPipe(const ReadPipe&) = delete;
  ReadPipe& operator=(const ReadPipe&) = delete;

  std::string read_all() {
    std::string text;
    char buffer[4096];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, file_)) > 0) text.append(buffer, n);
    return text;
  }
  // The command's exit status, or -1 when it did not exit normally.
  int close() {
    const int status = pclose(file_);
    file_ = nullptr;
    return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  FILE* file_;
};

std::string shell_quoted(const std::string& text) {
  std::string s = "'";
  for (const char c : text) {
    if (c == '\'') {
      s += "'\\''";
    } else {
      s += c;
    }
  }
  return s + "'";
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw Error(fmt::format("cannot write {}", path.string()));
}

bool executable(const fs::path& p) {
  return access(p.c_str(), X_OK) == 0 && !fs::is_directory(p);
}

}  // namespace

fs::path find_gnuplot() {
  if (const char* env = std::getenv("PAPBENCH_GNUPLOT"); env != nullptr && *env != '\0') {
    if (executable(env)) return env;
    throw UsageError(fmt::format(
        "PAPBENCH_GNUPLOT={} is not an executable; unset it to use gnuplot from PATH", env));
  }
  const char* path = std::getenv("PATH");
  std::string_view dirs = path != nullptr ? path : "";
  while (!dirs.empty()) {
    const std::size_t colon = dirs.find(':');
    const std::string_view dir = dirs.substr(0, colon);
    if (!dir.empty() && executable(fs::path(dir) / "gnuplot")) return fs::path(dir) / "gnuplot";
    if (colon == std::string_view::npos) break;
    dirs.remove_prefix(colon + 1);
  }
  throw UsageError(
      "plot: gnuplot not found on PATH; install the Debian package gnuplot-nox "
      "(tools/bootstrap.sh does) or point PAPBENCH_GNUPLOT at a gnuplot");
}

void render(const Figure& figure, const RenderOptions& options) {
  const fs::path gnuplot = find_gnuplot();
  const fs::path out = fs::absolute(options.out);
  const fs::path dir = out.parent_path();
  const std::string name = out.filename().string();
  const std::string stem = out.stem().string();
  const ScriptText text = gnuplot_script(figure, options.format, name, stem + ".dat");

  const TempDir tmp(dir);
  write_file(tmp.path() / (stem + ".gp"), text.script);
  write_file(tmp.path() / (stem + ".dat"), text.data);
  ReadPipe pipe(fmt::format("cd {} && {} {} 2>&1", shell_quoted(tmp.path().string()),
                            shell_quoted(gnuplot.string()), shell_quoted(stem + ".gp")));
  const std::string messages = pipe.read_all();
  const int status = pipe.close();
  const fs::path rendered = tmp.path() / name;
  if (status != 0 || !fs::exists(rendered) || fs::file_size(rendered) == 0) {
    throw Error(
        fmt::format("gnuplot failed (exit status {}) on {}:\n{}", status, figure.title, messages));
  }
  if (!messages.empty()) fmt::print(stderr, "gnuplot: {}", messages);
  if (options.keep_script) {
    fs::rename(tmp.path() / (stem + ".gp"), dir / (stem + ".gp"));
    fs::rename(tmp.path() / (stem + ".dat"), dir / (stem + ".dat"));
  }
  fs::rename(rendered, out);
}

}  // namespace papbench::report::plot
