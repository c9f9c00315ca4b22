#pragma once
// A fresh directory per test for the result-set tests, removed afterwards; named after the
// process and the test so parallel ctest runs never share files.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace papbench::results {

class ResultsTempDir : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           ("papbench-results-" + std::to_string(::getpid()) + "-" + test->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  std::filesystem::path dir_;
};

}  // namespace papbench::results
