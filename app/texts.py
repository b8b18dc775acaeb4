"""Translatable texts for the Python side: ``_`` from ``app.i18n``, or English without it."""

from __future__ import annotations

try:
    from app.i18n import _
except Exception:  # noqa: BLE001  (translations missing or broken: show English)

    def _(message: str) -> str:
        return message


__all__ = ["_"]
