"""North Star's board image: the drawer (``board``), its trait badges, its colours and its English labels."""
