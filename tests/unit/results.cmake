# results unit tests
