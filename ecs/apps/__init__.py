"""Applications built on the engine: CLI, simulation, agents, fuzzing, scenarios, replay."""
