"""The operator CLI (`fitcoach …`): one module per command group."""
