"""Solving: the logic solver, the brute-force search and its bitboards, the technique table and technique sets."""
