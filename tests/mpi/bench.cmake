# bench MPI tests
