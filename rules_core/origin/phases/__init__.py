"""The four phases of a turn (seed 003, "Фази ходу"): development, food base, feeding, extinction."""
