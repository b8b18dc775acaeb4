"""The numpy network (gradients, files, output consistency) and the evaluator contract."""

from __future__ import annotations

import numpy as np
import pytest

from ai import bearoff
from ai.encoding import N_INPUTS, boards_from_positions
from ai.evaluator import (
    NetEvaluator,
    equity,
    flip,
    load_default_evaluator,
    load_networks,
    new_networks,
)
from ai.network import Adam, Network, consistent
from engine.moves import legal_results
from engine.position import Position


def test_gradient_matches_finite_differences():
    rng = np.random.default_rng(3)
    net = Network(4, 3, 5, rng=rng)
    for p in net.parameters():
        p[...] = rng.standard_normal(p.shape)
    net.w1 = net.w1.astype(np.float64)
    net.b1 = net.b1.astype(np.float64)
    net.w2 = net.w2.astype(np.float64)
    net.b2 = net.b2.astype(np.float64)
    x = rng.standard_normal((6, 4))
    t = rng.random((6, 5))
    y, h = net.forward_train(x)
    grads, _ = net.backward(x, h, y, t)

    def loss() -> float:
        y2, h2 = net.forward_train(x)
        return net.backward(x, h2, y2, t)[1]

    eps = 1e-6
    for param, grad in zip(net.parameters(), grads, strict=True):
        for idx in np.ndindex(param.shape):
            old = param[idx]
            param[idx] = old + eps
            up = loss()
            param[idx] = old - eps
            down = loss()
            param[idx] = old
            assert (up - down) / (2 * eps) == pytest.approx(grad[idx], rel=1e-4, abs=1e-7)


def test_adam_learns_a_simple_target():
    rng = np.random.default_rng(0)
    net = Network(3, 8, 5, rng=rng)
    opt = Adam(net.parameters(), lr=0.05)
    x = rng.standard_normal((64, 3)).astype(np.float32)
    t = np.repeat((x[:, :1] > 0).astype(np.float32), 5, axis=1)
    first = None
    for _ in range(200):
        y, h = net.forward_train(x)
        grads, loss = net.backward(x, h, y, t)
        first = loss if first is None else first
        opt.step(grads)
    assert loss < first / 3


def test_save_load_round_trip(tmp_path):
    net = Network(7, 5, 5, rng=np.random.default_rng(1), meta={"encoding": "e", "games": 12})
    path = tmp_path / "net.npz"
    net.save(path)
    again = Network.load(path)
    assert again.meta == {"encoding": "e", "games": 12}
    for a, b in zip(net.parameters(), again.parameters(), strict=True):
        assert np.array_equal(a, b)
    x = np.random.default_rng(2).standard_normal((3, 7)).astype(np.float32)
    assert np.array_equal(net.forward(x), again.forward(x))
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a network")
    with pytest.raises(ValueError):
        Network.load(bad)
    with pytest.raises(ValueError):
        Network(0, 3)


def test_consistent_orders_the_outputs():
    raw = np.random.default_rng(5).random((500, 5))
    p = consistent(raw)
    assert (p[:, 1] <= p[:, 0]).all() and (p[:, 2] <= p[:, 1]).all()
    assert (p[:, 3] <= 1 - p[:, 0] + 1e-12).all() and (p[:, 4] <= p[:, 3]).all()


def test_equity_and_flip():
    p = np.array([[0.6, 0.2, 0.05, 0.1, 0.01]])
    assert equity(p)[0] == pytest.approx(2 * 0.6 - 1 + 0.2 - 0.1 + 0.05 - 0.01)
    assert equity(flip(p))[0] == pytest.approx(-equity(p)[0])
    assert np.allclose(flip(flip(p)), p)


def test_default_evaluator_contract():
    ev = load_default_evaluator()
    assert ev is load_default_evaluator()  # cached
    positions = [Position.start()] + legal_results(Position.start(), (3, 1))
    out = ev.evaluate_batch(positions)
    assert out.shape == (len(positions), 5)
    assert (out >= 0).all() and (out <= 1).all()
    assert (out[:, 1] <= out[:, 0]).all() and (out[:, 2] <= out[:, 1]).all()
    assert (out[:, 3] <= 1 - out[:, 0] + 1e-9).all() and (out[:, 4] <= out[:, 3]).all()
    assert ev.evaluate_batch([]).shape == (0, 5)


def test_evaluator_routes_finished_and_bearoff_positions(pos):
    contact, race = new_networks(8)
    ev = NetEvaluator(contact, race, bearoff.load())
    finished = Position([0] * 25, pos("o 19:15").opponent, validate=False)  # I won a gammon
    home = pos("x 6:2 5:1; o 19:3 20:2")
    out = ev.evaluate_batch([finished, home])
    assert out[0].tolist() == [1, 1, 0, 0, 0]
    want = ev.bearoff.evaluate(boards_from_positions([home]))[0]
    assert out[1] == pytest.approx(want)
    with pytest.raises(ValueError):
        NetEvaluator(Network(N_INPUTS + 1, 4), race, None)


def test_a_widened_network_computes_the_same_outputs_and_can_learn():
    rng = np.random.default_rng(3)
    net = Network(12, 8, 5, rng=rng)
    x = rng.random((20, 12)).astype(np.float32)
    wide = net.widened(16, np.random.default_rng(4))
    assert wide.n_hidden == 16 and net.n_hidden == 8
    assert np.allclose(wide.forward(x), net.forward(x), atol=1e-6)
    y, h = wide.forward_train(x)
    grads, _loss = wide.backward(x, h, y, np.full_like(y, 0.9))
    assert np.abs(grads[2][8:]).sum() > 0  # the new units' output weights get a gradient
    with pytest.raises(ValueError):
        wide.widened(4, rng)


def test_missing_weights_are_an_error_not_an_untrained_player(monkeypatch, tmp_path):
    from ai import evaluator as evaluator_module

    monkeypatch.setattr(evaluator_module, "_default", None)
    monkeypatch.setattr(evaluator_module, "CONTACT_WEIGHTS", tmp_path / "contact.npz")
    with pytest.raises(FileNotFoundError, match="contact.npz"):
        evaluator_module.load_default_evaluator()
    assert evaluator_module._default is None


def test_crashed_positions_go_to_the_crashed_network_when_there_is_one(pos, tmp_path):
    contact, race = new_networks(8)
    crashed = contact.copy()
    crashed.b2 = crashed.b2 + 3.0  # a network that answers differently
    positions = [
        pos("x 24:1 6:2 5:2 4:1; o 19:3 20:3 21:3 12:4 8:2"),  # crashed: six of mine on board
        Position.start(),  # contact, not crashed
        pos("x 6:2 5:2 4:1 3:1; o 19:3 20:3 21:3 12:4 8:2"),  # a race
    ]
    plain = NetEvaluator(contact, race, None).evaluate_batch(positions)
    routed = NetEvaluator(contact, race, None, crashed).evaluate_batch(positions)
    assert not np.allclose(routed[0], plain[0])
    assert routed[0] == pytest.approx(
        NetEvaluator(crashed, race, None).evaluate_batch(positions)[0]
    )
    assert np.allclose(routed[1:], plain[1:])
    for name, net in (("contact.npz", contact), ("race.npz", race)):
        net.save(tmp_path / name)
    assert load_networks(tmp_path, None).crashed is None  # two networks: no crashed one
    crashed.save(tmp_path / "crashed.npz")
    loaded = load_networks(tmp_path, None)
    assert loaded.crashed is not None
    assert np.allclose(loaded.evaluate_batch(positions), routed, atol=1e-6)
    with pytest.raises(ValueError):
        NetEvaluator(contact, race, None, Network(N_INPUTS + 1, 4))


def test_back_games_go_to_the_back_game_network_when_there_is_one(pos, tmp_path):
    contact, race = new_networks(8)
    crashed, backgame = contact.copy(), contact.copy()
    crashed.b2 = crashed.b2 + 3.0
    backgame.b2 = backgame.b2 - 3.0  # networks that answer differently
    positions = [
        pos("x 24:2 22:2 13:5 8:3 6:3; o 19:5 17:3 12:5 3:2"),  # a back game
        pos("x 24:2 22:2 13:5 8:3 6:3; o 19:3 18:2 17:3"),  # two anchors, but crashed
        Position.start(),  # contact
    ]
    plain = NetEvaluator(contact, race, None, crashed).evaluate_batch(positions)
    routed = NetEvaluator(contact, race, None, crashed, backgame).evaluate_batch(positions)
    assert routed[0] == pytest.approx(
        NetEvaluator(backgame, race, None).evaluate_batch(positions)[0]
    )
    assert not np.allclose(routed[0], plain[0])
    assert np.allclose(routed[1:], plain[1:])  # the crashed network keeps the crashed one
    for name, net in (("contact.npz", contact), ("race.npz", race), ("crashed.npz", crashed)):
        net.save(tmp_path / name)
    assert load_networks(tmp_path, None).backgame is None
    backgame.save(tmp_path / "backgame.npz")
    loaded = load_networks(tmp_path, None)
    assert np.allclose(loaded.evaluate_batch(positions), routed, atol=1e-6)
    with pytest.raises(ValueError):
        NetEvaluator(contact, race, None, None, Network(N_INPUTS + 1, 4))


def test_forward_is_the_plain_two_layer_formula_and_leaves_its_inputs_alone():
    rng = np.random.default_rng(4)
    net = Network(12, 7, 5, rng=rng)
    net.b1 = rng.standard_normal(7).astype(np.float32)
    net.b2 = rng.standard_normal(5).astype(np.float32)
    x = (rng.standard_normal((9, 12)) * 30).astype(np.float32)  # some beyond the +-40 clip
    before = x.copy()

    def logistic(z: np.ndarray) -> np.ndarray:
        return 1.0 / (1.0 + np.exp(-np.clip(z, -40.0, 40.0)))

    expected = logistic(logistic(x @ net.w1 + net.b1) @ net.w2 + net.b2)
    out = net.forward(x)
    assert out.dtype == np.float32 and np.array_equal(out, expected)
    trained, hidden = net.forward_train(x)
    assert np.array_equal(trained, expected)
    assert np.array_equal(hidden, logistic(x @ net.w1 + net.b1))
    assert np.array_equal(x, before)
