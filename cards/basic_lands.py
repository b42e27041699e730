"""The five basic lands (CR 305.6: their mana abilities come from their land types)."""
from mtg_ecs.cards import card

for _name in ("Plains", "Island", "Swamp", "Mountain", "Forest"):
    card(_name, None, f"Basic Land — {_name}", text=f"({{T}}: Add the mana of a {_name}.)")
