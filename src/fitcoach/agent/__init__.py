"""The chat turn: prompt assembly, providers, the tool loop, the guard and the pipeline."""
