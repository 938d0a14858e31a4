"""Account rules (issue 17): password hashing, names, brute-force back-off, where local sign-in is safe.

Pure apart from argon2's hashing: no storage, no HTTP, no clock reads."""
