"""The learned understanding layer (issue 14): what a message asks (acts, with calibrated
probabilities), which knowledge topic a general question is about, and the role of each span
(a day to train or to avoid, the user's body or someone else's, gear bought or sold...).

Trained from the labelled corpus in `fitcoach/languages/corpus/` by `fitcoach nlu train`; the
models ship in `nlu/models/` and are read by `read()`. See `languages/corpus/SCHEMA.md`."""

from fitcoach.nlu.labels import ACTION_ACTS, ACTS, ROLES, TOPICS
from fitcoach.nlu.reader import Reading, SlotSpan, models_available, read

__all__ = ["ACTION_ACTS", "ACTS", "ROLES", "TOPICS", "Reading", "SlotSpan", "models_available", "read"]
