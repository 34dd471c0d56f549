"""intersections family."""
