"""Stage 1, discover: which files a run checks, and the module name Python would give each one."""
