"""Learning and search on the engine (docs/rl.md): stable card ids (`cards`), the numpy
observation of a player's view (`encoding`), the fixed action space (`actions`) and the
`Table` that steps a game one choice at a time (`table`)."""
from mtg_ecs.rl.cards import CARD_IDS, card_id
from mtg_ecs.rl.encoding import OBSERVATION_SPACE, SCHEMA_VERSION, observe
from mtg_ecs.rl.actions import ACTION_SIZE
from mtg_ecs.rl.table import OPTION_FEATURES, Table

__all__ = ["ACTION_SIZE", "CARD_IDS", "OBSERVATION_SPACE", "OPTION_FEATURES", "SCHEMA_VERSION",
           "Table", "card_id", "observe"]
