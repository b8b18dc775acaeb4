"""The desktop program: a Qt Quick window over the rules engine and the computer player."""

__version__ = "0.1.0"
