"""Board images: Pillow renders a public view of a game (never the full state) as a PNG."""
