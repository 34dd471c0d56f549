"""exclusion family: Aligned Pair and Aligned Triplet Exclusion (Sudoku Explainer)."""
