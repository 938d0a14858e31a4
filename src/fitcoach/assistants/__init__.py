"""The coach's tools for AI assistants over the Model Context Protocol (stdio and streamable HTTP)."""
