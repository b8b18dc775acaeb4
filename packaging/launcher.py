"""Entry point of the bundled application (PyInstaller runs this file as ``__main__``)."""

import os
import sys

# A windowed program on Windows has no console: give print() (``--version``, messages) somewhere
# to write instead of failing.
for _name in ("stdout", "stderr"):
    if getattr(sys, _name) is None:
        setattr(sys, _name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115

from app.__main__ import main  # noqa: E402  (after the streams exist)

if __name__ == "__main__":
    sys.exit(main())
