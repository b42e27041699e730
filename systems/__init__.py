"""Rules systems: one module per part of the Comprehensive Rules (each names the sections it owns)."""
