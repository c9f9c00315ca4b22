#include "common/units.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "common/datatype_size.hpp"

namespace papbench {
namespace {

TEST(ParseDuration, AcceptsEveryUnit) {
  EXPECT_EQ(parse_duration_ns("250ns"), 250);
  EXPECT_EQ(parse_duration_ns("200us"), 200'000);
  EXPECT_EQ(parse_duration_ns("50ms"), 50'000'000);
  EXPECT_EQ(parse_duration_ns("1.5s"), 1'500'000'000);
  EXPECT_EQ(parse_duration_ns("0"), 0);
  EXPECT_EQ(parse_duration_ns(" 2ms "), 2'000'000);
}

TEST(ParseDuration, RefusesMissingOrUnknownUnit) {
  EXPECT_THROW(parse_duration_ns("50"), UsageError);
  EXPECT_THROW(parse_duration_ns("50m"), UsageError);
  EXPECT_THROW(parse_duration_ns("ms"), UsageError);
  EXPECT_THROW(parse_duration_ns("-5ms"), UsageError);
  try {
    parse_duration_ns("7parsecs");
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("ns, us, ms or s"), std::string::npos);
  }
}

TEST(ParseCount, SuffixesAreDecimalOrBinary) {
  EXPECT_EQ(parse_count("1024"), 1024u);
  EXPECT_EQ(parse_count("1K"), 1000u);
  EXPECT_EQ(parse_count("128Ki"), 131072u);
  EXPECT_EQ(parse_count("2M"), 2'000'000u);
  EXPECT_EQ(parse_count("2Mi"), 2097152u);
  EXPECT_EQ(parse_count("1Gi"), 1073741824u);
  EXPECT_EQ(parse_count("0"), 0u);
  EXPECT_THROW(parse_count("1.5"), UsageError);
  EXPECT_THROW(parse_count("4Q"), UsageError);
  EXPECT_THROW(parse_count(""), UsageError);
}

// No number at all reads as the others do ("is not an element count", not "is not a an ...").
TEST(ParseCount, AMissingNumberNamesWhatIsAccepted) {
  for (const char* bad : {"-3", "K", "4Q"}) {
    try {
      parse_count(bad);
      FAIL() << bad;
    } catch (const UsageError& e) {
      EXPECT_EQ(std::string(e.what()).find(fmt::format("'{}' is not an element count", bad)), 0u)
          << e.what();
    }
  }
  try {
    parse_duration_ns("ms");
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()).find("'ms' is not a duration with a unit"), 0u) << e.what();
  }
}

TEST(ParseCountList, ListsAndRanges) {
  EXPECT_EQ(parse_count_list("1,2,3"), (std::vector<std::uint64_t>{1, 2, 3}));
  EXPECT_EQ(parse_count_list("128Ki:2Mi:x2"),
            (std::vector<std::uint64_t>{131072, 262144, 524288, 1048576, 2097152}));
  EXPECT_EQ(parse_count_list("0:10:+5,64"), (std::vector<std::uint64_t>{0, 5, 10, 64}));
  EXPECT_EQ(parse_count_list("1:100:x10"), (std::vector<std::uint64_t>{1, 10, 100}));
  EXPECT_THROW(parse_count_list("8:4:x2"), UsageError);
  EXPECT_THROW(parse_count_list("0:8:x2"), UsageError);
  EXPECT_THROW(parse_count_list("1:8:x1"), UsageError);
  EXPECT_THROW(parse_count_list("1:8"), UsageError);
  EXPECT_THROW(parse_count_list("1:8:*2"), UsageError);
  EXPECT_THROW(parse_count_list("1,,2"), UsageError);
}

TEST(ParseDurationList, RangesWithUnits) {
  EXPECT_EQ(parse_duration_list("0,10ms,50ms"),
            (std::vector<std::int64_t>{0, 10'000'000, 50'000'000}));
  EXPECT_EQ(parse_duration_list("10ms:30ms:+10ms"),
            (std::vector<std::int64_t>{10'000'000, 20'000'000, 30'000'000}));
}

TEST(Format, DurationsAndCounts) {
  EXPECT_EQ(format_duration(512), "512 ns");
  EXPECT_EQ(format_duration(1500), "1.5 us");
  EXPECT_EQ(format_duration(52'100'000), "52.1 ms");
  EXPECT_EQ(format_duration(2.5e9), "2.5 s");
  EXPECT_EQ(format_count(131072), "128Ki");
  EXPECT_EQ(format_count(1000), "1000");
  EXPECT_EQ(format_count(0), "0");
  EXPECT_EQ(format_count(3 * 1024 * 1024), "3Mi");
  // Stored in fft params: decimal counts stay plain digits.
  EXPECT_EQ(format_count(1000000), "1000000");
}

// Labels (issue 43): 1M and 1Mi both parse, as the docs say; shown the way they were typed and
// with the block's bytes, they no longer read as "count=1000000" beside "count=1Mi".
TEST(Format, QuantitiesTakeTheShortestExactSuffix) {
  EXPECT_EQ(format_quantity(0), "0");
  EXPECT_EQ(format_quantity(7), "7");
  EXPECT_EQ(format_quantity(1000), "1K");
  EXPECT_EQ(format_quantity(1500), "1500");
  EXPECT_EQ(format_quantity(1000000), "1M");
  EXPECT_EQ(format_quantity(1048576), "1Mi");
  EXPECT_EQ(format_quantity(2000000000), "2G");  // was labelled 1953125Ki
  EXPECT_EQ(format_quantity(3ULL << 30), "3Gi");
  EXPECT_EQ(format_quantity(1024000), "1024K");  // shorter than 1000Ki
  for (std::uint64_t n : {1ULL, 1000ULL, 1024ULL, 1500ULL, 1000000ULL, 1048576ULL, 2000000000ULL,
                          1024000ULL, 123456789ULL}) {
    EXPECT_EQ(parse_count(format_quantity(n)), n) << format_quantity(n);
  }
}

TEST(Format, BlocksShowCountTypeAndBytes) {
  EXPECT_EQ(format_bytes(4000000), "4MB");
  EXPECT_EQ(format_bytes(4194304), "4MiB");
  EXPECT_EQ(format_bytes(24), "24B");
  EXPECT_EQ(format_count_bytes(1000000, "int"), "1M int (4MB)");
  EXPECT_EQ(format_count_bytes(1048576, "int"), "1Mi int (4MiB)");
  EXPECT_EQ(format_count_bytes(2000000000, "int"), "2G int (8GB)");
  EXPECT_EQ(format_count_bytes(16384, "double"), "16Ki double (128KiB)");
  EXPECT_EQ(format_count_bytes(7, "uint8"), "7 uint8 (7B)");
  EXPECT_EQ(format_count_bytes(1, "int64"), "1 int64 (8B)");
  // A type a result file names that papbench does not know: no guess at its size.
  EXPECT_EQ(format_count_bytes(4, "user"), "4 user");
}

TEST(Format, DatatypeSizes) {
  EXPECT_EQ(datatype_size("int8"), 1U);
  EXPECT_EQ(datatype_size("uint16"), 2U);
  EXPECT_EQ(datatype_size("int"), 4U);
  EXPECT_EQ(datatype_size("float"), 4U);
  EXPECT_EQ(datatype_size("double"), 8U);
  EXPECT_EQ(datatype_size("long"), sizeof(long));
  EXPECT_FALSE(datatype_size("quaternion"));
}

}  // namespace
}  // namespace papbench
