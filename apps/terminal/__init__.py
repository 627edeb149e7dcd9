"""The terminal client: a seat of any registered game played in a terminal."""
