/* Force-included after SimGrid's smpi_helpers.h in the SMPI build (CMakeLists.txt, PAPBENCH_SMPI).
 * smpicxx force-includes that header into every file, and its function-like macros rename libc
 * calls everywhere they are spelled, members included: exit(x) turns CLI11's App::exit into
 * App::smpi_exit, free(x) breaks std::free. papbench undoes them all here and calls the few
 * simulated functions it needs by name, in one place: common/smpi_platform.hpp (simulated clock
 * and sleep). An exit() then ends the whole simulation with its status, which is what papbench's
 * exit 2 on bad input means to the user. */
#undef sleep
#undef usleep
#undef gettimeofday
#undef nanosleep
#undef clock_gettime
#undef getopt
#undef getopt_long
#undef getopt_long_only
#undef malloc
#undef calloc
#undef realloc
#undef free
#undef exit
#undef getpid
