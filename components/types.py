"""Subtypes and the kind each belongs to (CR 205.3), and their plurals in rules text.

A subtype belongs to one list: creature types (shared with kindred, 205.3m), land types
(205.3i), artifact, enchantment, planeswalker, spell and battle types (205.3g-h, j-k, q).
An effect that sets an object's subtype replaces only the subtypes of that kind (205.1a,
305.7: a Forest Treefolk that becomes an Island is an Island Treefolk).

Rules text names subtypes in the plural ("protection from Elves", "other Zombies"):
`subtype_from_plural` reads those, with the irregular plurals of the cards' English.
"""
from __future__ import annotations

BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")

# CR 205.3i
LAND_TYPES = frozenset(BASIC_LAND_TYPES + (
    "Cave", "Desert", "Gate", "Lair", "Locus", "Mine", "Power-Plant", "Sphere", "Tower", "Town",
    "Urza's"))

# CR 205.3g
ARTIFACT_TYPES = frozenset((
    "Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food", "Fortification",
    "Gold", "Incubator", "Junk", "Lander", "Map", "Powerstone", "Spacecraft", "Treasure", "Vehicle"))

# CR 205.3h
ENCHANTMENT_TYPES = frozenset((
    "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga",
    "Shard", "Shrine"))

# CR 205.3j
PLANESWALKER_TYPES = frozenset((
    "Ajani", "Aminatou", "Angrath", "Arlinn", "Ashiok", "Bahamut", "Basri", "Bolas", "Calix",
    "Chandra", "Comet", "Dack", "Dakkon", "Daretti", "Davriel", "Dihada", "Domri", "Dovin",
    "Ellywick", "Elminster", "Elspeth", "Estrid", "Freyalise", "Garruk", "Gideon", "Grist", "Guff",
    "Huatli", "Jace", "Jared", "Jaya", "Jeska", "Kaito", "Karn", "Kasmina", "Kaya", "Kiora", "Koth",
    "Liliana", "Lolth", "Lukka", "Minsc", "Mordenkainen", "Nahiri", "Narset", "Niko", "Nissa",
    "Nixilis", "Oko", "Quintorius", "Ral", "Rowan", "Saheeli", "Samut", "Sarkhan", "Serra",
    "Sivitri", "Sorin", "Szat", "Tamiyo", "Tasha", "Teferi", "Teyo", "Tezzeret", "Tibalt", "Tyvar",
    "Ugin", "Urza", "Venser", "Vivien", "Vraska", "Vronos", "Will", "Windgrace", "Wrenn", "Xenagos",
    "Yanggu", "Yanling", "Zariel"))

# CR 205.3k
SPELL_TYPES = frozenset(("Adventure", "Arcane", "Chorus", "Lesson", "Omen", "Trap"))

# CR 205.3q
BATTLE_TYPES = frozenset(("Siege",))

# CR 205.3m (and the creature types of the seed documents' cards as printed then)
CREATURE_TYPES = frozenset("""
Advisor Aetherborn Alien Ally Angel Antelope Ape Archer Archon Armadillo Army Artificer Assassin
Assembly-Worker Astartes Atog Aurochs Avatar Azra Badger Balloon Barbarian Bard Basilisk Bat Bear
Beast Beaver Beeble Beholder Berserker Bird Bison Blinkmoth Boar Bringer Brushwagg Camarid Camel
Capybara Caribou Carrier Cat Centaur Cephalid Child Chimera Citizen Cleric Clown Cockatrice
Construct Coward Coyote Crab Crocodile C'tan Custodes Cyberman Cyclops Dalek Dauthi Demigod Demon
Deserter Detective Devil Dinosaur Djinn Doctor Dog Dragon Drake Dreadnought Drix Drone Druid Dryad
Dwarf Echidna Efreet Egg Elder Eldrazi Elemental Elephant Elf Elk Employee Eye Faerie Ferret Fish
Flagbearer Fox Fractal Frog Fungus Gamer Gargoyle Germ Giant Gith Glimmer Gnoll Gnome Goat Goblin
God Golem Gorgon Graveborn Gremlin Griffin Guest Hag Halfling Hamster Harpy Hedgehog Hellion Hero
Hippo Hippogriff Homarid Homunculus Horror Horse Hound Human Hydra Hyena Illusion Imp Incarnation
Inkling Inquisitor Insect Jackal Jellyfish Juggernaut Kangaroo Kavu Kirin Kithkin Knight Kobold
Kor Kraken Llama Lamia Lammasu Leech Lemur Leviathan Lhurgoyf Licid Lizard Lobster Manticore
Masticore Mercenary Merfolk Metathran Minion Minotaur Mite Mole Monger Mongoose Monk Monkey Moogle
Moonfolk Mount Mouse Mutant Myr Mystic Nautilus Necron Nephilim Nightmare Nightstalker Ninja Noble
Noggle Nomad Nymph Octopus Ogre Ooze Orb Orc Orgg Otter Ouphe Ox Oyster Pangolin Peasant Pegasus
Pentavite Performer Pest Phelddagrif Phoenix Phyrexian Pilot Pincher Pirate Plant Platypus
Porcupine Possum Praetor Primarch Prism Processor Qu Rabbit Raccoon Ranger Rat Rebel Reflection
Rhino Rigger Robot Rogue Sable Salamander Samurai Sand Saproling Satyr Scarecrow Scientist Scion
Scorpion Scout Sculpture Seal Serf Serpent Servo Shade Shaman Shapeshifter Shark Sheep Siren
Skeleton Skunk Slith Sliver Sloth Slug Snail Snake Soldier Soltari Spawn Specter Spellshaper
Sphinx Spider Spike Spirit Splinter Sponge Squid Squirrel Starfish Surrakar Survivor Symbiote
Synth Tentacle Tetravite Thalakos Thopter Thrull Tiefling Toy Treefolk Trilobite Triskelavite
Troll Turtle Tyranid Unicorn Vampire Varmint Vedalken Viashino Villain Volver Wall Walrus Warlock
Warrior Weasel Weird Werewolf Whale Wizard Wolf Wolverine Wombat Worm Wraith Wurm Yeti Zombie
Zubera""".split()) | {"Time Lord"}

_KINDS = (("land", LAND_TYPES), ("artifact", ARTIFACT_TYPES), ("enchantment", ENCHANTMENT_TYPES),
          ("planeswalker", PLANESWALKER_TYPES), ("spell", SPELL_TYPES), ("battle", BATTLE_TYPES),
          ("creature", CREATURE_TYPES))
_KIND_OF = {s: k for k, subs in _KINDS for s in subs}
ALL_SUBTYPES = frozenset(_KIND_OF)


def subtype_kind(subtype: str) -> str | None:
    """'creature', 'land', 'artifact', 'enchantment', 'planeswalker', 'spell' or 'battle'
    (CR 205.3); None for a word that is no subtype."""
    return _KIND_OF.get(subtype)


def replace_subtypes(current: tuple, new: tuple) -> tuple:
    """CR 205.1a: an effect that sets an object's subtypes to `new` replaces the existing
    subtypes of the same kinds only (creature types, land types, ...); the others stay."""
    kinds = {subtype_kind(s) for s in new}
    return tuple(new) + tuple(s for s in current if s not in new and subtype_kind(s) not in kinds)


# The plurals of rules text (Oracle English) that don't just add -s / -es.
IRREGULAR_PLURALS = {
    "Elf": ("Elves",), "Dwarf": ("Dwarves",), "Wolf": ("Wolves",), "Werewolf": ("Werewolves",),
    "Mouse": ("Mice",), "Ox": ("Oxen",), "Fish": ("Fish",), "Sheep": ("Sheep",),
    "Merfolk": ("Merfolk",), "Kithkin": ("Kithkin",), "Moonfolk": ("Moonfolk",),
    "Treefolk": ("Treefolk",), "Djinn": ("Djinn", "Djinns"), "Efreet": ("Efreets", "Efreet"),
    "Cyclops": ("Cyclopes", "Cyclopses"), "Homunculus": ("Homunculi", "Homunculuses"),
    "Fungus": ("Fungi", "Funguses"), "Pegasus": ("Pegasi", "Pegasuses"), "Elk": ("Elk", "Elks"),
    "Bison": ("Bison",), "Samurai": ("Samurai",), "Kor": ("Kor",), "Lammasu": ("Lammasu",),
    "Astartes": ("Astartes",), "Custodes": ("Custodes",), "C'tan": ("C'tan",),
    "Dauthi": ("Dauthi",), "Soltari": ("Soltari",), "Thalakos": ("Thalakos",),
    "Zubera": ("Zubera",), "Eldrazi": ("Eldrazi",), "Aetherborn": ("Aetherborn",),
    "Graveborn": ("Graveborn",), "Qu": ("Qu",), "Sand": ("Sand",), "Time Lord": ("Time Lords",),
    "Urza's": ("Urza's",), "Plains": ("Plains",), "Equipment": ("Equipment",),
    "Food": ("Food", "Foods"), "Blood": ("Blood",), "Gold": ("Gold",), "Junk": ("Junk",),
}


def plurals(subtype: str) -> tuple:
    """The plural forms of a subtype in rules text: the irregular ones, else English's
    regular plural (-es after s, x, z, ch, sh; consonant + y -> -ies; else -s)."""
    irr = IRREGULAR_PLURALS.get(subtype)
    if irr is not None:
        return irr
    low = subtype.lower()
    if low.endswith(("s", "x", "z", "ch", "sh")):
        return (subtype + "es",)
    if low.endswith("y") and len(low) > 1 and low[-2] not in "aeiou":
        return (subtype[:-1] + "ies",)
    return (subtype + "s",)


_FROM_PLURAL = {p.lower(): s for s in ALL_SUBTYPES for p in plurals(s)}


def subtype_from_plural(word: str) -> str | None:
    """The subtype a plural in rules text names ('Elves' -> 'Elf', 'Sphinxes' -> 'Sphinx');
    None if it names none."""
    return _FROM_PLURAL.get(word.strip().lower())
