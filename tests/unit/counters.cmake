# counters unit tests
