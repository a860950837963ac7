"""One module per launcher screen."""
