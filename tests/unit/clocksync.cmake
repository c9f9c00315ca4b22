# clocksync unit tests
