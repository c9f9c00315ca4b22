# bench unit tests
