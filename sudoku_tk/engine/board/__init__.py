"""The board as values: geometry (cells, units, peers, names), digit and cell sets, the Grid, the engine's errors."""
