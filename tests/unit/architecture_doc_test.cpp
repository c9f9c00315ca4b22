// docs/ARCHITECTURE.md is the next engineer's map (issue 47 item 1): the run path names a file for
// each step, the layer table a line for every top-level folder, the script table every script.
// These tests keep the map true: a renamed file, a new folder or a new script fails here until
// the page follows.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace papbench {
namespace {

namespace fs = std::filesystem;

const fs::path kRoot{PAPBENCH_SOURCE_DIR};

std::string architecture_page() {
  std::ifstream in(kRoot / "docs/ARCHITECTURE.md");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> code_spans(const std::string& page) {
  static const std::regex kSpan("`([^`\n]+)`");
  std::vector<std::string> spans;
  for (auto it = std::sregex_iterator(page.begin(), page.end(), kSpan);
       it != std::sregex_iterator(); ++it) {
    spans.push_back((*it)[1].str());
  }
  return spans;
}

// The top-level folders of .gitignore (`/out/`, `/.gl/`): a run's outputs, not the project's.
std::set<std::string> ignored_top_level_folders() {
  static const std::regex kFolder("^/([^/*]+)/$");
  std::ifstream in(kRoot / ".gitignore");
  std::set<std::string> ignored = {".git"};
  std::smatch match;
  for (std::string line; std::getline(in, line);) {
    if (std::regex_match(line, match, kFolder)) ignored.insert(match[1].str());
  }
  return ignored;
}

// The folders a newcomer sees at the top of a checkout: build trees (`/build*/`) and what
// .gitignore names are not the project's.
std::set<std::string> top_level_folders() {
  const std::set<std::string> ignored = ignored_top_level_folders();
  std::set<std::string> folders;
  for (const auto& entry : fs::directory_iterator(kRoot)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_directory() || name.starts_with("build") || ignored.contains(name)) continue;
    folders.insert(name);
  }
  return folders;
}

TEST(ArchitectureDoc, EveryPathItNamesExists) {
  const std::string page = architecture_page();
  ASSERT_FALSE(page.empty()) << "cannot read docs/ARCHITECTURE.md";
  const std::set<std::string> folders = top_level_folders();
  int checked = 0;
  for (std::string span : code_spans(page)) {
    // A pattern (`collectives/<collective>/<name>.cpp`, `models/proficz_*`) or an install
    // path (`share/papbench`) is not a file of the checkout; a path's first folder says which.
    if (span.find_first_of("<>*{} $") != std::string::npos) continue;
    const auto slash = span.find('/');
    if (slash == std::string::npos || !folders.contains(span.substr(0, slash))) continue;
    ++checked;
    EXPECT_TRUE(fs::exists(kRoot / span))
        << "docs/ARCHITECTURE.md names `" << span << "`, which does not exist";
  }
  EXPECT_GT(checked, 40) << "the page names fewer paths than its run path alone does";
}

TEST(ArchitectureDoc, EveryTopLevelFolderHasItsLine) {
  const std::string page = architecture_page();
  for (const std::string& folder : top_level_folders()) {
    EXPECT_NE(page.find("| `" + folder + "/` |"), std::string::npos)
        << "docs/ARCHITECTURE.md's folder table has no line for " << folder << "/";
  }
}

TEST(ArchitectureDoc, EveryScriptHasItsLine) {
  const std::string page = architecture_page();
  std::vector<fs::path> scripts = {".ci/run"};
  for (const char* folder : {"tools", "jobs", "jobs/slurm", "jobs/pbs"}) {
    for (const auto& entry : fs::directory_iterator(kRoot / folder)) {
      const std::string ext = entry.path().extension().string();
      if (ext == ".sh" || ext == ".sbatch" || ext == ".pbs") {
        scripts.push_back(fs::relative(entry.path(), kRoot));
      }
    }
  }
  for (const fs::path& script : scripts) {
    EXPECT_NE(page.find("`" + script.generic_string() + "`"), std::string::npos)
        << "docs/ARCHITECTURE.md's script table has no line for " << script.generic_string();
  }
}

}  // namespace
}  // namespace papbench
