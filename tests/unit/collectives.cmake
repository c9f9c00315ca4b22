# collectives unit tests
