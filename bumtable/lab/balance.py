"""The ``balance`` study: is the table fair? Climbing games: first places by seat and by the role earned in the
hand before. Gin Bummy: how often players starve, how long a game lasts, the first player's edge. Boojum: wins by
seat, rounds per game and how often the tie-break decides. Every rate with Wilson's 95 % interval.

>>> from bumtable.rules import get
>>> from bumtable.lab.run import run_study
>>> from bumtable.lab.study import Setup
>>> result = run_study(BALANCE, Setup(rules=get("boojum"), bots=("random",) * 4, seed=1), count=10)
>>> len(result.figures["wins_by_seat"]), result.units
(4, 'games')
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from bumtable.bots.seeds import PerSeat
from bumtable.lab.exchange import add_cluster, cluster_moments, contrast, hand_results
from bumtable.lab.result import LabResult, Plot, Table
from bumtable.lab.study import Metric, Setup, Study, Tally
from bumtable.rules import Rules, as_climbing, family_of
from bumtable.rules.climbing.facts import HandResult
from bumtable.sim.runner import Runner
from bumtable.sim.tournament_stats import wilson


def _games(rules: Rules, bots: tuple[str, ...], seed: int, count: int) -> list[tuple[Any, Any]]:
    """``count`` games played by ``bots``, seeded from ``seed`` alone: each game's outcome and last public view."""
    master = random.Random(seed)
    out = []
    for _ in range(count):
        state = rules.new_state(master.getrandbits(63)).copy(history=False)
        Runner(state, bots, PerSeat.drawn(master, rules.players)).play()
        out.append((state.outcome(), state.observe(None)))
    return out


def _climbing_chunk(rules: Rules, bots: tuple[str, ...], seed: int, count: int) -> Tally:
    return _count_climbing(rules.players, hand_results(rules, bots, seed, count))


def play_fast(rules: Rules, bots: tuple[str, ...], seed: int, count: int) -> Tally:
    """The climbing chunk on the compiled engine (The Bum Game), counted by the same code."""
    from bumtable.sim.fast_hands import hand_results as fast_results

    return _count_climbing(rules.players, fast_results(rules, bots, seed, count))


def _count_climbing(n: int, results: Iterable[tuple[int, HandResult]]) -> Tally:
    """First places by seat, and by the place taken in the hand before, of hands given with their match."""
    tally: Tally = {"hands": 0, "first_by_seat": [0] * n, "after_role": [0] * n, "first_after_role": [0] * n}
    previous: tuple[int, ...] | None = None
    current = -1
    for match, result in results:
        if match != current:
            previous, current = None, match
        tally["hands"] += 1
        winner = result.order[0]
        tally["first_by_seat"][winner] += 1
        if previous is not None:  # the place each player took in the hand before: the role it earned
            for place, p in enumerate(previous):
                tally["after_role"][place] += 1
                if p == winner:
                    tally["first_after_role"][place] += 1
        previous = result.order
    return tally


def _gin_chunk(rules: Rules, bots: tuple[str, ...], seed: int, count: int) -> Tally:
    n = rules.players
    tally: Tally = {
        "hands": 0,
        "starved": 0,
        "games_with_starving": 0,
        "no_winner": 0,
        "first_wins": 0,
        "wins_by_seat": [0] * n,
        "reasons": {},
        **cluster_moments(1),
    }
    for outcome, seen in _games(rules, bots, seed, count):
        tally["hands"] += 1
        tally["starved"] += len(seen.starved)
        tally["games_with_starving"] += bool(seen.starved)
        tally["reasons"][outcome.reason] = tally["reasons"].get(outcome.reason, 0) + 1
        if seen.winner is None:
            tally["no_winner"] += 1
        else:
            tally["wins_by_seat"][seen.winner] += 1
            tally["first_wins"] += seen.winner == seen.dealer  # the dealer plays first
        add_cluster(tally, [outcome.length], 1)
    return tally


def _boojum_chunk(rules: Rules, bots: tuple[str, ...], seed: int, count: int) -> Tally:
    n = rules.players
    tally: Tally = {
        "hands": 0,
        "wins_by_seat": [0] * n,
        "tie_breaks": 0,
        "shared": 0,
        "round_limit": 0,
        **cluster_moments(1),
    }
    for outcome, _ in _games(rules, bots, seed, count):
        tally["hands"] += 1
        for p in outcome.winners:
            tally["wins_by_seat"][p] += 1
        top = max(outcome.scores)
        tally["tie_breaks"] += sum(1 for s in outcome.scores if s == top) > 1  # the hands as bids decided
        tally["shared"] += len(outcome.winners) > 1
        tally["round_limit"] += outcome.reason == "round-limit"
        add_cluster(tally, [outcome.length], 1)
    return tally


CHUNKS = {"climbing": _climbing_chunk, "gin-bummy": _gin_chunk, "boojum": _boojum_chunk}


def play_chunk(rules: Rules, bots: tuple[str, ...], seed: int, count: int) -> Tally:
    """``count`` hands (climbing) or games (Gin Bummy, Boojum), tallied as the family's questions need."""
    return CHUNKS[family_of(rules).name](rules, bots, seed, count)


def _rate(hits: int, n: int) -> dict[str, Any]:
    return {"rate": hits / n if n else 0.0, "ci95": list(wilson(hits, n)), "count": hits, "of": n}


def _cell(r: dict[str, Any]) -> tuple[float, str]:
    return (round(100 * r["rate"], 2), f"{100 * r['ci95'][0]:.2f}..{100 * r['ci95'][1]:.2f}")


def _rate_plot(
    title: str, x_label: str, names: tuple[str, ...], rates: list[dict[str, Any]], fair: float
) -> Plot:
    return Plot(
        title,
        "bar",
        x_label,
        "rate",
        names,
        {"rate": tuple(r["rate"] for r in rates)},
        low={"rate": tuple(r["ci95"][0] for r in rates)},
        high={"rate": tuple(r["ci95"][1] for r in rates)},
        band=(fair, fair),
    )


def _length(tally: Tally) -> dict[str, Any]:
    games = tally["hands"]
    total = tally["moments"][1]  # each game is its own cluster of one: the sum of lengths times 1
    return contrast(tally, [total], games, [1.0])


def finish(tally: Tally, setup: Setup) -> LabResult:
    rules = setup.rules
    family = family_of(rules).name
    n = rules.players
    fair = 1 / n
    seats = tuple(f"seat {p}" for p in range(n))
    figures: dict[str, Any] = {"fair_share": fair}
    tables: list[Table] = []
    plots: list[Plot] = []
    if family == "climbing":
        climbing = as_climbing(rules)
        hands = tally["hands"]
        by_seat = [_rate(k, hands) for k in tally["first_by_seat"]]
        by_role = [_rate(k, m) for k, m in zip(tally["first_after_role"], tally["after_role"], strict=True)]
        figures |= {
            "hands": hands,
            "first_by_seat": [{"seat": p, **r} for p, r in enumerate(by_seat)],
            "first_by_previous_role": [{"role": climbing.roles[i], **r} for i, r in enumerate(by_role)],
        }
        tables += [
            Table(
                "First places by seat",
                ("seat", "first %", "95 % interval"),
                tuple((s, *_cell(r)) for s, r in zip(seats, by_seat, strict=True)),
            ),
            Table(
                "First places by the role earned in the hand before",
                ("previous role", "first %", "95 % interval", "hands"),
                tuple((climbing.roles[i], *_cell(r), r["of"]) for i, r in enumerate(by_role)),
                note="A match's first hand has no hand before it and is left out of this table.",
            ),
        ]
        plots += [
            _rate_plot(
                "First places by seat (95 % intervals; the line: 1 in n)", "seat", seats, by_seat, fair
            ),
            _rate_plot(
                "First places by previous role (95 % intervals)",
                "previous role",
                climbing.roles,
                by_role,
                fair,
            ),
        ]
        units, played = "hands", hands
        question = "Does any seat, or the role won in the hand before, win more first places than its share?"
        method = (
            "Matches played by the bots, hand after hand. First places are counted by seat (each player as dealt "
            "into the match) over every hand, and by the place the player took in the hand before (the role it "
            "earned, before any revolution) over every hand but a match's first. Each hand is a fresh deal, so "
            "a first place is a Bernoulli trial: the 95 % intervals are Wilson's score intervals."
        )
    else:
        games = tally["hands"]
        wins = [_rate(k, games) for k in tally["wins_by_seat"]]
        length = _length(tally)
        figures |= {"games": games, "wins_by_seat": [{"seat": p, **r} for p, r in enumerate(wins)]}
        units, played = "games", games
        if family == "gin-bummy":
            unit = "turns"
            starving = _rate(tally["starved"], games * n)
            any_starving = _rate(tally["games_with_starving"], games)
            first = _rate(tally["first_wins"], games)
            figures |= {
                "starvation_rate": starving,
                "games_with_starving": any_starving,
                "no_winner": _rate(tally["no_winner"], games),
                "first_player_wins": first,
                "first_player_edge": first["rate"] - fair,
                "length_turns": length,
                "reasons": dict(sorted(tally["reasons"].items())),
            }
            rows = [
                ("players starving (of all players)", *_cell(starving)),
                ("games with a player starving", *_cell(any_starving)),
                ("first player wins", *_cell(first)),
            ]
            question = (
                "How often do players starve, how long does a game last, and does the first player win more?"
            )
            extra = (
                "A player starves when a turn ends with fewer than four cards; the first player is the dealer, "
                "who plays first. "
            )
        else:
            unit = "rounds"
            ties = _rate(tally["tie_breaks"], games)
            figures |= {
                "tie_break_decides": ties,
                "shared_wins": _rate(tally["shared"], games),
                "round_limit": _rate(tally["round_limit"], games),
                "length_rounds": length,
            }
            rows = [
                ("the tie-break decides", *_cell(ties)),
                ("the win is shared", *_cell(figures["shared_wins"])),
                ("the round limit ends the game", *_cell(figures["round_limit"])),
            ]
            question = "Does any seat win more than its share, how many rounds does a game last, and how often does the tie-break decide?"
            extra = (
                "The tie-break decides when several players share the most tokens at the end and the hands, "
                "valued as bids, choose among them. "
            )
        ci = length["ci95"]
        rows.append(
            (
                f"mean {unit} per game",
                round(length["mean"], 2),
                "" if ci is None else f"{ci[0]:.2f}..{ci[1]:.2f}",
            )
        )
        tables += [
            Table(
                "Game balance",
                ("figure", "% or mean", "95 % interval"),
                tuple(rows),
                note=f"{games:,} games.",
            ),
            Table(
                "Wins by seat",
                ("seat", "wins %", "95 % interval"),
                tuple((s, *_cell(r)) for s, r in zip(seats, wins, strict=True)),
            ),
        ]
        plots.append(_rate_plot("Wins by seat (95 % intervals; the line: 1 in n)", "seat", seats, wins, fair))
        method = (
            "Games played by the bots, each from its own seed. "
            + extra
            + "Games are independent, so each rate is a Bernoulli rate with Wilson's 95 % score interval; the "
            f"mean {unit} per game has Student's t interval over the games."
        )
    return setup.result(
        study="balance",
        method=method,
        units=units,
        played=played,
        figures=figures,
        tables=tuple(tables),
        plots=tuple(plots),
        question=question,
    )


def headline(result: LabResult) -> list[Metric]:
    """First places (wins) by seat; in Gin Bummy starving and the first player's wins, in Boojum the
    tie-break's share; and a game's length."""
    f = result.figures
    if "first_by_seat" in f:
        return [
            Metric.of(f"seat {r['seat']} first", r["rate"], r["ci95"], "first places per hand")
            for r in f["first_by_seat"]
        ]
    if "starvation_rate" in f:
        rates = [("starving", f["starvation_rate"]), ("first player wins", f["first_player_wins"])]
        length = Metric.of("turns", f["length_turns"]["mean"], f["length_turns"]["ci95"], "turns per game")
    else:
        rates = [(f"seat {r['seat']} wins", r) for r in f["wins_by_seat"]]
        rates.append(("tie-break decides", f["tie_break_decides"]))
        length = Metric.of(
            "rounds", f["length_rounds"]["mean"], f["length_rounds"]["ci95"], "rounds per game"
        )
    return [*(Metric.of(name, r["rate"], r["ci95"], "share") for name, r in rates), length]


BALANCE = Study(
    name="balance",
    title="Is the table fair",
    families=frozenset({"climbing", "gin-bummy", "boojum"}),
    units="hands",
    play_chunk=play_chunk,
    play_fast=play_fast,
    finish=finish,
    chunk=100,
    default_count=1000,
    headline=headline,
)
