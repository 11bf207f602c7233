"""What boundlint knows about the world, as data: each agent framework's tool declarations, and
library calls that return bulk data or small values. No logic beyond lookups.
"""
