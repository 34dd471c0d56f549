"""uniqueness family."""
