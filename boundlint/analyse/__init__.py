"""Stage 6, analyse: whether each tool's return value is bounded: the size lattice, the data flow
through locals, calls and modules, truncation markers, and the per-tool rows of the inventory.
"""
