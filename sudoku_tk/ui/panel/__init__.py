"""The side panel: the number pad, the colour tool, folding the pad away, the sash and the panel's fonts."""
