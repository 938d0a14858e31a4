"""The answer contract every brain must produce (R30-R33), its schemas and its normaliser."""
