"""`fitcoach eval`: replay coach cases through the chat pipeline and check what a correct turn shows."""
