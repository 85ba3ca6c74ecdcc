"""Play across machines: a host holds the game, joiners play a seat over a websocket.

``protocol`` is the schema of every message (pydantic, versioned); ``host`` is the authority
(it alone applies actions, keeps the record and the autosave, and sends each seat only its own
view and events); ``mirror`` is what a joiner knows of the game (the engine's client API, filled
from the host's messages); ``join`` plays a seat with a bot, or is the link the app's seat
(``tui/remote.py``) plays through; ``serve`` puts the app in a browser through textual-serve.
Headless: nothing here imports the app, Textual or the command line.
"""
