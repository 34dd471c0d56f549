"""chaining family: Sudoku Explainer's chains of implications, from bidirectional cycles and
forcing X-chains to dynamic and nested forcing chains, each rated by its length."""
