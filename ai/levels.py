"""The five computer levels as data: search depth, pruning, noise and cube behaviour.

Hard and Expert look at every opponent roll and the best reply (1-ply). Expert also settles close
calls between its two best plays by a 2-ply search (each opponent roll, the best reply, then each
of our rolls and our best play), within a fixed work budget so a decision stays fast and
repeatable. Weaker levels are weaker through a shallower search, fewer candidates and noise on
their judgement, never through the dice. Noise is Gaussian on each play's value (in equity) and
on the cube values; it is drawn from a generator seeded by the position, the dice and the
player's seed, so the same decision repeats exactly. ``max_loss`` keeps noisy levels from absurd
plays: a play more than that much worse than the best by 0-ply is never chosen.

The noise figures were tuned on the project's strength set (``benchmarks/strength.py``). With
the shipped weights (the TD networks of 1,697,143 self-play games distilled on 2,032,347
positions labelled by their own 1-ply search, encoding unary4-v2, 0-ply 8.6 mEMG on the tuning
part) the levels measured, in mEMG per decision on all 1,000 cases: Beginner 48.0, Easy 26.2,
Medium 8.4, Hard 5.4, Expert 4.1 (held-out part: 52.4, 24.9, 8.4, 4.1, 3.6). Expert's 2-ply
budget was then raised from 25,000 to 40,000 generated positions (chosen on the tuning part:
4.4 -> 3.8 mEMG there; 30,000 gave 4.1, a wider margin of 0.12 no more than noise): Expert 3.7 on
all cases, 3.5 held out, median 104 ms and 95th percentile 272 ms per decision on the 2-core
machine of that round while a training run used one core. The weights then gained a network
of their own for crashed positions (``ai/crashed.py``), and every level but Beginner judges the
cube at 1-ply (Easy with cube noise 0.05 instead of 0.15 at 0-ply, Medium 0.03 instead of 0.06,
chosen on the tuning part of the cube rows: at 0-ply the network's misjudged takes cost Hard
10.3 mEMG per take decision there, at 1-ply 5.6). Measured then on all 1,000 cases: Beginner
48.2, Easy 25.9, Medium 8.2, Hard 4.8, Expert 3.2 mEMG (held-out part: 53.2, 24.7, 8.6, 4.2,
3.6); cube doubler / taker on the 276 usable rows: Easy 2.3 / 5.8, Medium 1.7 / 5.8, Hard 1.4 /
5.8, Expert 1.4 / 5.8. A cube depth of 1 then became the 1-ply cubeful look-ahead of
``ai.cubeful`` (each roll's best play valued with the cube as it is and doubled) instead of
Janowski's model on the 1-ply chances at the root: doubler / taker Easy 1.8 / 5.8, Medium 1.6 /
5.8, Hard 0.9 / 5.6, Expert 1.0 / 5.6 (the held-out rows unchanged). In crashed positions and
back games (``ai.player.unsure``), where the networks misjudge most and the Expert's error per
decision was three times the others', its close calls get a wider 2-ply search: plays within
0.12 of the best by 1-ply instead of 0.06, within 100,000 generated positions instead of
40,000. Chosen on the tuning parts (the main set's 88 such cases and the crashed set's 389:
6.86 and 2.22 mEMG before; margin 0.12 with 60,000 positions 5.22 and 2.02, with 100,000 5.23
and 1.86; three plays 5.08 and 1.92; four plays within 0.16 and 150,000 positions 5.08 and 1.78
at half as much time again), then measured once on the held-out parts: 5.55 -> 4.99 mEMG (56
cases) and 2.82 -> 2.35 (211). With the network for back games added to the weights then, all
1,000 cases: Beginner 48.3, Easy 26.1, Medium 7.9, Hard 4.7, Expert 2.8 mEMG (held-out part:
52.9, 24.5, 8.1, 3.9, 2.9). Hard and Expert judge the cube of a timing battle around a full
prime (``ai.encoding.trap_mask``: a side shut in behind six points in a row while the other has
a checker on the bar), which the networks misread badly enough to start cube wars, on the
chances of ``TRAP_ROLLOUTS`` games played out instead (about 1.5 s; such positions are rare).
With the evaluation a third faster, the Expert settles three close calls instead of two: the
best three plays by 1-ply within 0.08 of the best at 2-ply (80,000 generated positions; in
crashed positions and back games three within 0.12, 100,000), chosen on the tuning parts of the
main and ordinary sets (2.59 -> 2.12 mEMG; four within 0.10 gave 2.01 at a median of 150 ms).
Measured then, beside a test run: Expert 2.3 / 2.2 mEMG on the main set's tuning / held-out
parts (2.2 on all 1,000 cases; before 2.7 / 2.9), 2.0 / 2.0 on the ordinary set (before 2.50 /
2.35), median 109 ms and 95th percentile 313 ms; the other levels as before (Hard's median
6.4 ms); the cube rows unchanged. Every level that judges the cube (all but Beginner) answers a
double where the doubler bears off
with a straggler (``ai.player.straggler``: eight or more off, a checker still back, the taker
with none off), which the networks give the doubler a tenth too much, on the chances of
``STRAGGLER_ROLLOUTS`` games played out (about 4-5 s; such doubles are rare): the Expert's taker
error on the cube rows' tuning part 5.4 -> 0.6 mEMG, the held-out part unchanged at 2.5; Easy's
and Medium's 5.6 -> 0.8 (over the 5 of the target before; held out 2.6 and 2.5): the networks'
misjudgement is not a weakness meant for a level, which its noise makes. A double of such a
player is checked on the same games (``ai.player.checked_double``), and the evaluator rules out
results that can no longer happen (``ai.evaluator.possible_only``): Beginner 48.3, Easy 26.2,
Medium 7.9, Hard 4.7, Expert 2.2 mEMG on all 1,000 cases (Expert 2.2 / 2.0 tuning / held out,
median 115 ms, 95th percentile 316 ms); the Expert's doubler / taker error on the 1,000 rows of
the fresh cube set 1.46 / 0.26 (``ai/README.md``, "A fresh cube set"). Rerun the benchmark
when the weights change.
"""

from __future__ import annotations

from dataclasses import dataclass

CUBE_NEVER = "never"  # never doubles, always takes (Beginner)
CUBE_JUDGE = "judge"  # doubles, takes and passes by its own (possibly noisy) judgement
# games played out for a cube decision in a timing battle (six times the 36 first rolls)
TRAP_ROLLOUTS = 216
# games played out for a take where the doubler bears off with a straggler (``ai.player.straggler``)
STRAGGLER_ROLLOUTS = 648


@dataclass(frozen=True)
class Level:
    """How one computer level plays."""

    name: str
    depth: int  # 0: judge each play by its result; 1: also every opponent roll and best reply
    candidates: int  # plays that get the deeper search
    threshold: float  # ... and only those within this equity of the best by 0-ply
    noise: float  # standard deviation of the noise on each play's value (equity)
    max_loss: float  # never choose a play worse than this by 0-ply (equity)
    cube: str  # CUBE_NEVER or CUBE_JUDGE
    cube_depth: int  # cube decisions: 0, Janowski's model at 0-ply; 1, the 1-ply look-ahead
    cube_noise: float  # standard deviation of the noise on cube values (EMG)
    deep_candidates: int = 0  # close calls: this many best 1-ply plays get a 2-ply search ...
    deep_margin: float = 0.0  # ... when within this equity of the best by 1-ply ...
    deep_budget: int = 0  # ... and it needs at most this many generated positions
    # in crashed positions and back games, where the networks are least sure, these instead
    unsure_candidates: int = 0
    unsure_margin: float = 0.0
    unsure_budget: int = 0
    # cube decisions in timing battles around a full prime (``ai.encoding.trap_mask``), which
    # the networks misread: the chances of this many games played out instead (0: not at all)
    trap_rollouts: int = 0
    # takes where the doubler bears off with a checker still back against a full board
    # (``ai.player.straggler``), which the networks give the doubler too much: the chances of
    # this many games played out instead (0: not at all)
    straggler_rollouts: int = 0

    def __post_init__(self) -> None:
        if self.depth not in (0, 1) or self.cube_depth not in (0, 1):
            raise ValueError("Search depths are 0 or 1 ply.")
        if self.candidates < 1 or self.threshold < 0 or self.noise < 0 or self.cube_noise < 0:
            raise ValueError("Candidates, threshold and noise must be positive.")
        if self.cube not in (CUBE_NEVER, CUBE_JUDGE):
            raise ValueError(f"Unknown cube behaviour {self.cube!r}.")
        if self.trap_rollouts < 0 or self.straggler_rollouts < 0:
            raise ValueError("The games of a rollout cannot be negative.")


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("beginner", 0, 1, 0.0, 0.140, 0.300, CUBE_NEVER, 0, 0.0),
        Level(
            "easy",
            0,
            1,
            0.0,
            0.065,
            0.300,
            CUBE_JUDGE,
            1,
            0.050,
            straggler_rollouts=STRAGGLER_ROLLOUTS,
        ),
        Level(
            "medium",
            0,
            1,
            0.0,
            0.010,
            0.200,
            CUBE_JUDGE,
            1,
            0.030,
            straggler_rollouts=STRAGGLER_ROLLOUTS,
        ),
        Level(
            "hard",
            1,
            3,
            0.08,
            0.0,
            0.0,
            CUBE_JUDGE,
            1,
            0.020,
            trap_rollouts=TRAP_ROLLOUTS,
            straggler_rollouts=STRAGGLER_ROLLOUTS,
        ),
        Level(
            "expert",
            1,
            12,
            0.24,
            0.0,
            0.0,
            CUBE_JUDGE,
            1,
            0.0,
            deep_candidates=3,
            deep_margin=0.08,
            deep_budget=80_000,
            unsure_candidates=3,
            unsure_margin=0.12,
            unsure_budget=100_000,
            trap_rollouts=TRAP_ROLLOUTS,
            straggler_rollouts=STRAGGLER_ROLLOUTS,
        ),
    )
}

LEVEL_NAMES: tuple[str, ...] = tuple(LEVELS)


def get_level(name: str | Level) -> Level:
    """The level called ``name`` (case-insensitive); raises ``ValueError`` for unknown names."""
    if isinstance(name, Level):
        return name
    level = LEVELS.get(str(name).strip().lower())
    if level is None:
        raise ValueError(f"Unknown level {name!r}: choose one of {', '.join(LEVEL_NAMES)}.")
    return level
