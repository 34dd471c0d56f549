"""subsets family."""
