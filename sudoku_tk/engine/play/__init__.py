"""A game's board rebuilt from its moves: the move values, recompute and its rules, the resumable replay, pencil marks."""
