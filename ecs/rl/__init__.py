"""Learning and search on the engine (docs/rl.md): stable card ids (`cards`), the numpy
observation of a player's view (`encoding`), the fixed action space (`actions`) and the
`Table` that steps a game one choice at a time (`table`).

The adapters wrap the Table for the usual libraries; they are loaded on first use (PEP 562)
because their libraries are the optional `rl` extra (`pip install 'mtg-ecs[rl]'`):

- `AECEnv`: a PettingZoo AEC environment, every player an agent;
- `GymEnv`: a Gymnasium environment, one player against a fixed opponent policy, and
  `gym_vector_env`, its Gymnasium vector form;
- `VectorEnv`: N games stepped in one process with batched numpy arrays (numpy only);
- the OpenSpiel game `python_mtg_ecs`, registered on importing this package when
  open_spiel is installed (`pyspiel.load_game("python_mtg_ecs")`).

Without the extra, `from mtg_ecs.rl import AECEnv` raises one ImportError naming it.
"""
from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

from mtg_ecs.core.lazy import lazy_attributes
from mtg_ecs.rl.cards import CARD_IDS, card_id
from mtg_ecs.rl.encoding import OBSERVATION_SPACE, SCHEMA_VERSION, observe
from mtg_ecs.rl.actions import ACTION_SIZE
from mtg_ecs.rl.table import OPTION_FEATURES, Table

if TYPE_CHECKING:
    from mtg_ecs.rl.gym_env import GymEnv, gym_vector_env
    from mtg_ecs.rl.pettingzoo_env import AECEnv
    from mtg_ecs.rl.vector import VectorEnv

__all__ = ["ACTION_SIZE", "CARD_IDS", "OBSERVATION_SPACE", "OPTION_FEATURES", "SCHEMA_VERSION",
           "Table", "card_id", "observe", "AECEnv", "GymEnv", "gym_vector_env", "VectorEnv"]

# adapter -> the module that defines it, imported on first use
__getattr__, __dir__ = lazy_attributes(__name__, {
    "AECEnv": "mtg_ecs.rl.pettingzoo_env", "GymEnv": "mtg_ecs.rl.gym_env",
    "gym_vector_env": "mtg_ecs.rl.gym_env", "VectorEnv": "mtg_ecs.rl.vector"})

if importlib.util.find_spec("pyspiel") is not None:
    importlib.import_module("mtg_ecs.rl.openspiel_game")      # registers python_mtg_ecs
