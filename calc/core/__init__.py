"""The basics every stage reads: tiles, the mpsz notation, the error family, line-numbered YAML and the rule profiles."""
