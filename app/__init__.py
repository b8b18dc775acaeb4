"""The desktop program: a Qt Quick window over the rules engine and the computer player."""

from app import qtcompat as _qtcompat  # noqa: F401  (first of all: see its doc)

__version__ = "0.1.0"
