"""single_digit family."""
