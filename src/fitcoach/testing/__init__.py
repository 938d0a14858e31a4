"""Local fake servers speaking the providers' wire formats, shipped for tests and offline demos."""
