"""One module per trait of seed 003 ("ЗДІБНОСТІ ТВАРИН"), each quoting the passage it implements.

Traits that keep a carnivore away (Swimming, Big, Camouflage with Sharp Vision, Burrowing, Symbiosis) answer "does
this stop that attack?", and ``attack.GUARDS`` asks each of them. Traits that answer an attack (Running, Mimicry,
Tail Loss) are the defender's choices in ``attack.py``; Poisonous and Scavenger act when an animal is eaten. Traits
used in one's feeding turn (Carnivore, Fat Tissue, Stomper, Piracy, Hibernation) offer feeding actions to
``phases/feeding.py``; the paired traits (Communication, Cooperation, Symbiosis) are joined to two animals
(``pairs.py``). Big, Carnivore and Parasite raise the food need (``food.EXTRA_FOOD``).
"""
