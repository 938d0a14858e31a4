"""Model providers, one per file, behind the small protocol in `base`."""
