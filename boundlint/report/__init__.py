"""Output: findings as text, JSON, SARIF, GitHub, JSON Lines and JUnit; baselines; `--add-ignore`;
the inventory table.
"""
