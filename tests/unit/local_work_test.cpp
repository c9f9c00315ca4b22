// The modelled cost of local copies and combines under SMPI (collectives/core/local_work.hpp):
// the platform property's bandwidth text and the arithmetic. Pure: on a real-MPI build nothing is
// charged and no host property exists.
#include "collectives/core/local_work.hpp"

#include <gtest/gtest.h>

#include "common/errors.hpp"

namespace papbench::local_work {
namespace {

TEST(LocalWork, ParsesSimGridBandwidths) {
  EXPECT_DOUBLE_EQ(parse_bandwidth("4985MBps"), 4.985e9);
  EXPECT_DOUBLE_EQ(parse_bandwidth("5.3GBps"), 5.3e9);
  EXPECT_DOUBLE_EQ(parse_bandwidth("2GiBps"), 2.0 * 1024 * 1024 * 1024);
  EXPECT_DOUBLE_EQ(parse_bandwidth("10Gbps"), 1.25e9);
  EXPECT_DOUBLE_EQ(parse_bandwidth("800Bps"), 800.0);
}

TEST(LocalWork, RefusesWhatIsNotABandwidth) {
  for (const char* bad : {"", "fast", "5", "5GB", "-1GBps", "0MBps", "GBps", "5 GBps", "5GBpss"}) {
    try {
      parse_bandwidth(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const UsageError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(kCopyBandwidthProperty), std::string::npos) << what;
      EXPECT_NE(what.find("MBps"), std::string::npos) << what;
    }
  }
}

TEST(LocalWork, CopyIsBytesOverBandwidthAndCombineOneAndAHalf) {
  // [Parsons2015]'s UHA scatter, quick case: the root's copy-in of 1 MiB at 4985 MB/s.
  EXPECT_NEAR(copy_seconds(1 << 20, 4.985e9), 210.35e-6, 0.01e-6);
  EXPECT_NEAR(combine_seconds(1 << 20, 4.985e9), 315.52e-6, 0.01e-6);
  EXPECT_DOUBLE_EQ(copy_seconds(0, 1e9), 0.0);
}

TEST(LocalWork, RealMpiChargesNothing) {
#ifndef PAPBENCH_SMPI
  EXPECT_FALSE(host_copy_bandwidth().has_value());
  EXPECT_NE(describe_charge().find("not charged"), std::string::npos);
#endif
}

}  // namespace
}  // namespace papbench::local_work
