"""The player's progress: finished games and best times, recent games, games left in slots, the solved card's words."""
