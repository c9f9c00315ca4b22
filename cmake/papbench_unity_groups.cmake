# papbench_unity_group_cli(target...): the unity batches of each target put the sources that
# include CLI11 together.
#
# CLI11 (2.1, header-only) costs about 8 CPU-s at -O2 in every translation unit that includes it,
# used or not: its validators are objects at namespace scope whose classes have inline virtual
# functions, so each unit compiles them again (about 100 KB of code). Batches in source order put
# the 17 option-building files of papbench_bench into 4 of its 5 batches; grouped, they fill 2
# (issue 42). Each source that names <CLI/...> in an #include goes into the target's "cli" batches,
# the others into its "rest" batches, both of PAPBENCH_UNITY_BATCH_SIZE sources at most; a source
# that opts out of unity builds (SKIP_UNITY_BUILD_INCLUSION) keeps its own unit. Call it after the
# target's last target_sources().
function(papbench_unity_group_cli)
  if(NOT CMAKE_UNITY_BUILD)
    return()
  endif()
  set(_size ${CMAKE_UNITY_BUILD_BATCH_SIZE})
  if(NOT _size)
    set(_size 1000000)  # 0: no limit
  endif()
  foreach(_target IN LISTS ARGN)
    get_target_property(_sources ${_target} SOURCES)
    get_target_property(_dir ${_target} SOURCE_DIR)
    set(_cli "")
    set(_rest "")
    foreach(_source IN LISTS _sources)
      if(NOT _source MATCHES "\\.(cpp|cc|cxx)$")
        continue()
      endif()
      # Relative paths in SOURCES are the target's folder's; properties are set by full path.
      cmake_path(ABSOLUTE_PATH _source BASE_DIRECTORY "${_dir}" OUTPUT_VARIABLE _path)
      get_source_file_property(_skip "${_path}" TARGET_DIRECTORY ${_target}
                               SKIP_UNITY_BUILD_INCLUSION)
      if(_skip OR NOT EXISTS "${_path}")
        continue()  # its own unit, or generated at build time: a unit of its own is fine
      endif()
      file(STRINGS "${_path}" _cli_include REGEX "^#include <CLI/" LIMIT_COUNT 1)
      if(_cli_include)
        list(APPEND _cli "${_path}")
      else()
        list(APPEND _rest "${_path}")
      endif()
    endforeach()
    # The CLI11 users in batches of up to twice the size, dealt evenly (17 files: 9 and 8, not
    # 16 and 1): CLI11's fixed cost is most of what such a batch compiles.
    foreach(_kind IN ITEMS cli rest)
      list(LENGTH _${_kind} _count)
      if(_count EQUAL 0)
        continue()
      endif()
      if(_kind STREQUAL "cli")
        math(EXPR _batches "(${_count} + 2 * ${_size} - 1) / (2 * ${_size})")
      else()
        math(EXPR _batches "(${_count} + ${_size} - 1) / ${_size}")
      endif()
      set(_index 0)
      foreach(_path IN LISTS _${_kind})
        math(EXPR _batch "${_index} % ${_batches}")
        math(EXPR _index "${_index} + 1")
        set_source_files_properties("${_path}" TARGET_DIRECTORY ${_target} PROPERTIES
                                    UNITY_GROUP "${_kind}_${_batch}")
      endforeach()
    endforeach()
    set_target_properties(${_target} PROPERTIES UNITY_BUILD_MODE GROUP)
  endforeach()
endfunction()
