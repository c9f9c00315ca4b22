# report end-to-end tests
