"""What every stage shares: the configuration, a finding, rule selection, a run's result, and the
small system helpers (atomic file replacement, deferred signals). Imports nothing else of boundlint.
"""
