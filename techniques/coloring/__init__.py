"""coloring family."""
