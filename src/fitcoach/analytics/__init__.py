"""Training maths over the logs: e1RM, personal records, workout logging and the three coach tools."""
