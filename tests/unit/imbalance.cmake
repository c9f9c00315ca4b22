# imbalance unit tests
