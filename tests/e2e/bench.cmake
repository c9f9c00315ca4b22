# bench end-to-end tests
