"""templates family."""
