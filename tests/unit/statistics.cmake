# statistics unit tests
