"""Training history in and out: reading Strong, Hevy and fitcoach exports, and matching their exercise
names to the library. Pure: no database, no HTTP (the import service in `services/` writes)."""
