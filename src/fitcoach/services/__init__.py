"""Orchestration above the brains: one chat turn (`chat.run_turn`), the memory glue between the pure
rules and storage (`memory`), the user's decisions on proposals (`decisions`) and the brains a server
runs with (`brains`). The API, the CLI and the eval runner call these; nothing below imports them."""
