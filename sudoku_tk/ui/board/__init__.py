"""The board on screen: the canvas in tagged layers, its cells, steps, marks, card, input, zoom and hover."""
