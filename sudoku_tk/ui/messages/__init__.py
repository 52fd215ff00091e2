"""What the window says: the status bar, the notice bar, the message log, tooltips, Help and text windows."""
