"""A small multilayer perceptron in numpy: forward in batch, backward for training, .npz files.

The network maps encoded positions to GNU Backgammon's five outputs (win, win gammon, win
backgammon, lose gammon, lose backgammon) with one hidden sigmoid layer and sigmoid outputs.
It is trained with a cross-entropy loss per output, whose gradient at the output logits is simply
``prediction - target``.
"""

from __future__ import annotations

import json
import os
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

FORMAT_VERSION = 1


def _sigmoid_in_place(z: np.ndarray) -> np.ndarray:
    """The logistic ``1 / (1 + exp(-z))`` (``z`` clipped to +-40) written over ``z``: the same
    numbers as the expression, without its four temporary arrays."""
    np.clip(z, -40.0, 40.0, out=z)
    np.negative(z, out=z)
    np.exp(z, out=z)
    z += 1.0
    return np.reciprocal(z, out=z)


def _layer(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The logistic of ``x @ w + b``, in one new array."""
    z = x @ w
    z += b
    return _sigmoid_in_place(z)


def consistent(probs: np.ndarray) -> np.ndarray:
    """Clamp five outputs so that wbg <= wg <= w and lbg <= lg <= 1 - w (a new array)."""
    p = np.clip(np.asarray(probs, dtype=np.float64), 0.0, 1.0)
    out = np.empty_like(p)
    out[:, 0] = p[:, 0]
    out[:, 1] = np.minimum(p[:, 1], p[:, 0])
    out[:, 2] = np.minimum(p[:, 2], out[:, 1])
    out[:, 3] = np.minimum(p[:, 3], 1.0 - p[:, 0])
    out[:, 4] = np.minimum(p[:, 4], out[:, 3])
    return out


class Network:
    """Inputs -> hidden sigmoid layer -> five sigmoid outputs.

    ``meta`` is free-form JSON-compatible data saved with the weights (encoding name, games
    trained, ...).
    """

    def __init__(
        self,
        n_inputs: int,
        n_hidden: int,
        n_outputs: int = 5,
        *,
        rng: np.random.Generator | None = None,
        meta: dict[str, Any] | None = None,
    ) -> None:
        if n_inputs < 1 or n_hidden < 1 or n_outputs < 1:
            raise ValueError("A network needs at least one input, hidden unit and output.")
        rng = rng if rng is not None else np.random.default_rng(0)
        self.w1 = (rng.standard_normal((n_inputs, n_hidden)) * np.sqrt(1.0 / n_inputs)).astype(
            np.float32
        )
        self.b1 = np.zeros(n_hidden, dtype=np.float32)
        self.w2 = (rng.standard_normal((n_hidden, n_outputs)) * np.sqrt(1.0 / n_hidden)).astype(
            np.float32
        )
        self.b2 = np.zeros(n_outputs, dtype=np.float32)
        self.meta: dict[str, Any] = dict(meta or {})

    @property
    def n_inputs(self) -> int:
        return int(self.w1.shape[0])

    @property
    def n_hidden(self) -> int:
        return int(self.w1.shape[1])

    @property
    def n_outputs(self) -> int:
        return int(self.w2.shape[1])

    def parameters(self) -> list[np.ndarray]:
        return [self.w1, self.b1, self.w2, self.b2]

    # -- evaluation -------------------------------------------------------------------------------
    def forward(self, x: np.ndarray) -> np.ndarray:
        """Raw sigmoid outputs ``(N, n_outputs)`` for inputs ``(N, n_inputs)``."""
        return _layer(_layer(x, self.w1, self.b1), self.w2, self.b2)

    def forward_train(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Outputs and the hidden activations needed by ``backward``."""
        h = _layer(x, self.w1, self.b1)
        return _layer(h, self.w2, self.b2), h

    def backward(
        self, x: np.ndarray, h: np.ndarray, y: np.ndarray, target: np.ndarray
    ) -> tuple[list[np.ndarray], float]:
        """Gradients of the mean cross-entropy loss, and that loss.

        ``y`` and ``h`` come from ``forward_train(x)``; ``target`` holds probabilities in [0, 1].
        """
        n = x.shape[0]
        eps = 1e-7
        loss = -np.mean(
            np.sum(target * np.log(y + eps) + (1.0 - target) * np.log(1.0 - y + eps), axis=1)
        )
        d_out = (y - target) / n  # dLoss/dlogit for sigmoid + cross-entropy
        g_w2 = h.T @ d_out
        g_b2 = d_out.sum(axis=0)
        d_h = (d_out @ self.w2.T) * h * (1.0 - h)
        g_w1 = x.T @ d_h
        g_b1 = d_h.sum(axis=0)
        return [g_w1, g_b1, g_w2, g_b2], float(loss)

    # -- files ------------------------------------------------------------------------------------
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the weights and metadata to an .npz file, atomically (write then rename)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        meta = dict(self.meta, format_version=FORMAT_VERSION)
        fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp.npz", dir=path.parent)
        os.close(fd)
        try:
            np.savez_compressed(
                tmp, w1=self.w1, b1=self.b1, w2=self.w2, b2=self.b2, meta=np.array(json.dumps(meta))
            )
            os.chmod(tmp, 0o644)
            os.replace(tmp, path)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Network:
        """Read a network written by ``save``; raises ``ValueError`` for a malformed file."""
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {k: data[k] for k in ("w1", "b1", "w2", "b2")}
                meta = json.loads(str(data["meta"]))
        except (KeyError, OSError, ValueError, zipfile.BadZipFile) as exc:
            raise ValueError(f"{path} is not a network file: {exc}") from exc
        if meta.get("format_version") != FORMAT_VERSION:
            raise ValueError(f"{path} has an unknown format version {meta.get('format_version')}.")
        w1, b1, w2, b2 = arrays["w1"], arrays["b1"], arrays["w2"], arrays["b2"]
        if w1.ndim != 2 or w2.ndim != 2 or b1.shape != (w1.shape[1],) or w2.shape[0] != w1.shape[1]:
            raise ValueError(f"{path} holds weights of inconsistent shapes.")
        if b2.shape != (w2.shape[1],):
            raise ValueError(f"{path} holds weights of inconsistent shapes.")
        net = cls(w1.shape[0], w1.shape[1], w2.shape[1])
        net.w1, net.b1 = w1.astype(np.float32), b1.astype(np.float32)
        net.w2, net.b2 = w2.astype(np.float32), b2.astype(np.float32)
        meta.pop("format_version", None)
        net.meta = meta
        return net

    def widened(self, n_hidden: int, rng: np.random.Generator, scale: float = 0.01) -> Network:
        """A copy with ``n_hidden`` hidden units that computes the same outputs: the added units
        get small random input weights and zero output weights, so training can grow them.

        Raises ``ValueError`` when ``n_hidden`` is smaller than the current width.
        """
        extra = n_hidden - self.n_hidden
        if extra < 0:
            raise ValueError(f"{self.n_hidden} hidden units cannot shrink to {n_hidden}.")
        other = self.copy()
        if extra:
            added = rng.standard_normal((self.n_inputs, extra)) * scale
            other.w1 = np.concatenate([self.w1, added.astype(np.float32)], axis=1)
            other.b1 = np.concatenate([self.b1, np.zeros(extra, dtype=np.float32)])
            other.w2 = np.concatenate([self.w2, np.zeros((extra, self.n_outputs), np.float32)])
            other.meta = dict(self.meta, hidden_widened_from=self.n_hidden)
        return other

    def copy(self) -> Network:
        other = Network(self.n_inputs, self.n_hidden, self.n_outputs, meta=self.meta)
        other.w1, other.b1 = self.w1.copy(), self.b1.copy()
        other.w2, other.b2 = self.w2.copy(), self.b2.copy()
        return other


class Adam:
    """The Adam optimiser over a network's parameters (in place)."""

    def __init__(
        self, params: list[np.ndarray], lr: float = 1e-3, b1: float = 0.9, b2: float = 0.999
    ):
        self.params = params
        self.lr = lr
        self.b1 = b1
        self.b2 = b2
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def step(self, grads: list[np.ndarray]) -> None:
        self.t += 1
        corr1 = 1.0 - self.b1**self.t
        corr2 = 1.0 - self.b2**self.t
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= self.b1
            m += (1.0 - self.b1) * g
            v *= self.b2
            v += (1.0 - self.b2) * g * g
            p -= (self.lr * (m / corr1) / (np.sqrt(v / corr2) + 1e-8)).astype(p.dtype)

    def state(self) -> dict[str, np.ndarray]:
        out = {"t": np.array(self.t)}
        for i, (m, v) in enumerate(zip(self.m, self.v, strict=True)):
            out[f"m{i}"] = m
            out[f"v{i}"] = v
        return out

    def load_state(self, state: dict[str, np.ndarray]) -> None:
        self.t = int(state["t"])
        for i in range(len(self.params)):
            self.m[i][...] = state[f"m{i}"]
            self.v[i][...] = state[f"v{i}"]
