"""The terminal client: `render` draws a seat's view as text, `app` runs the input loop
(matchmaking, the watch stream, keyboard moves, reconnecting to a game in progress)."""
