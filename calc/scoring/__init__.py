"""One winning hand: its readings, yaku, fu and value (no table, no payment)."""
