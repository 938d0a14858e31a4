"""Acting: turning an understood message into a plan proposal and memory mutations via the engine."""
