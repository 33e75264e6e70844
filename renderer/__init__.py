"""Board images: Pillow renders a public view of a game (never a state, never a seat's view) as a PNG.

``render_board(view)`` takes any rule system's public view (a subclass of ``rules_core.engine.PublicView``, what
the channel may see) and hands it to that rule system's drawer (``renderer.registry``; North Star's is
``renderer/north_star/``); ``draw_board`` gives the same image with every text drawn on it and its size. Boards are
laid out to be read on a phone (``phone``). Generic parts: the pen and PNG encoding (``pen``), shapes (``shapes``),
fonts and text fitting (``text``), colour palettes and the seats' colours (``theme``), labels with an English
fallback (``labels``), the pieces every board shares (``parts``) and the sizes of their cards (``cards``). Each rule
system's drawer lays its board out (``layout``) before it draws it (``board``).
"""

from renderer.registry import draw_board, render_board

__all__ = ["draw_board", "render_board"]
