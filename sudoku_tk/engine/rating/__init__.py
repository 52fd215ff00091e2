"""Rating a puzzle: HoDoKu's five levels and score, and the Sudoku Explainer-like estimate."""
