"""What is kept on disk between games: saves and their autosave slots (``saves``), the locks
that give each game one writer (``locks``), the seats saved beside a game (``seats``), and the
folders they live in by default.

Used by the terminal app, the network host and the command line alike, so it imports neither
Textual nor the network: nothing here draws or talks.
"""
