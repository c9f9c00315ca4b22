# The man page and bash completion read from a CLI11 parser (common/cli_docs.hpp).
papbench_unit_test(cli_docs_test SOURCES cli_docs_test.cpp LIBS papbench_cli_docs)
# The option table every program's options are declared in (common/option_table.hpp), and the
# auto/off/value type (common/setting.hpp).
papbench_unit_test(option_table_test SOURCES option_table_test.cpp
                   LIBS papbench_options papbench_cli_docs papbench_common)
