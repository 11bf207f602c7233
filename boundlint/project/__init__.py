"""Stage 4, project: the checked tree as modules that import each other: one module's names and
index, loading modules on demand, and resolving a name across modules.
"""
