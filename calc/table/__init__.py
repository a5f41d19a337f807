"""The table: payments under a profile's scheme, the event schema, the match flow and records."""
