"""The programming engine (R10–R19): inventory, profile, rules and validator, estimators, generator, edits.

Pure domain code: no I/O, no clock reads (callers pass `now`), no HTTP.
"""
