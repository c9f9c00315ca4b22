# The man page and bash completion read from a CLI11 parser (common/cli_docs.hpp).
papbench_unit_test(cli_docs_test SOURCES cli_docs_test.cpp LIBS papbench_cli_docs)
