"""Making puzzles: the generator, puzzles at a level or for practice, the practice pool, isomorphs, batches."""
