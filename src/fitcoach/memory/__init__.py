"""The three-tier living memory (R23-R29): pure domain rules; persistence lives in storage/."""
