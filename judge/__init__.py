"""judge: a rules judge and rules reference for trading card games."""

__version__ = "0.1.0"
