# clocksync MPI tests
