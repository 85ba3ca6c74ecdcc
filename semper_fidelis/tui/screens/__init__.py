"""The screens of the terminal game, one module each."""
