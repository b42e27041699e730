"""The fixed sizes the observation and the action space share (docs/rl.md)."""

MAX_PLAYERS = 6             # the most seats a format has (free-for-all, commander: 6)
# rows of the observation's object table per zone, in this order; the hand and
# battlefield rows are also the slots of priority actions (mtg_ecs.rl.actions); "known":
# the cards in hidden zones the viewer knows, besides their own hand (View.known)
ZONE_ROWS = (("hand", 15), ("battlefield", 60), ("stack", 10), ("graveyard", 40),
             ("exile", 20), ("command", 4), ("known", 30))
ROWS = dict(ZONE_ROWS)
