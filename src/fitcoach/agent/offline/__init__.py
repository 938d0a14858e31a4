"""The offline coach: a deterministic brain that understands, acts and answers in five languages."""
