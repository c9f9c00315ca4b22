# collectives MPI tests
