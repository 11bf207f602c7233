"""Directs a run: discover -> survey -> analyse each root (in workers, through the cache) -> rules ->
fixes or tool rows -> filter. `check()` is the one pipeline every command and the tests use; a
command differs only in what it asks for (`Request`). The engine implements no stage itself.
"""
