"""The engine core: esper adapter, decisions, rules profiles, hashing."""
