"""The climbing games' planes: rank counts of what the seat holds, saw played and knows of other hands.

Seats are counted from the observer. A card given in the exchange stays known in its receiver's hand until the
receiver plays a card of its rank (a lower bound: the seat cannot tell which of that rank was played).
"""

from __future__ import annotations

from typing import Any

from bumtable.tensors.layout import (
    Builder,
    Planes,
    Vector,
    add_phase,
    count_into,
    fill_phase,
    one_hot_seat,
    relative,
)


def climbing_planes(rules: Any) -> Planes:
    """The layout for climbing ``rules`` (`R` ranks with jokers, `K` roles, `n` players)."""
    n, ranks, roles = rules.players, rules.tables.n_ranks, len(rules.roles)
    rank_of = rules.tables.rank_of_code
    b = Builder()
    b.add("hand", ranks, "own hand: cards held of each rank")
    b.add("played", ranks, "cards played this hand, of each rank")
    b.add("known", (n - 1) * ranks, "per other seat: cards of each rank known to be in its hand (given it)")
    b.add("counts", n, "per seat: cards held")
    b.add("sat_out", n, "per seat: passed and sits out the rest of the trick (1/0)")
    b.add("top", ranks, "the play to beat: its rank, one-hot (all 0 when the trick is empty)")
    b.add("top_size", 1, "the play to beat: its number of cards")
    b.add("top_player", n, "per seat: made the play to beat (one-hot)")
    b.add("passes", 1, "passes since the play to beat")
    b.add("roles", n * roles, "per seat: role, one-hot (all 0 before roles are given)")
    b.add("give", 1, "cards the seat must give now (exchange)")
    b.add("flags", 3, "play goes against seat order; ranks are inverted; a revolution this hand")
    add_phase(b)
    at = b.at

    def fill(obs: Any, out: Vector) -> None:
        seat = obs.seat
        count_into(out, at["hand"], obs.hand or (), rank_of)
        gone = [[0] * ranks for _ in range(n)]
        for player, codes in obs.played:
            count_into(out, at["played"], codes, rank_of)
            for code in codes:
                gone[player][rank_of[code]] += 1
        for t in obs.transfers:
            if t.giver == seat and t.cards is not None and t.receiver != seat:
                base = at["known"] + ((t.receiver - seat) % n - 1) * ranks
                for code in t.cards:
                    rank = rank_of[code]
                    if gone[t.receiver][rank]:
                        gone[t.receiver][rank] -= 1
                    else:
                        out[base + rank] += 1.0
        out[at["counts"] : at["counts"] + n] = relative(obs.card_counts, seat)
        out[at["sat_out"] : at["sat_out"] + n] = relative(obs.sat_out, seat)
        top = obs.top
        if top is not None and top.rank >= 0:
            out[at["top"] + top.rank] = 1.0
            out[at["top_size"]] = top.size
            one_hot_seat(out, at["top_player"], obs.top_player, seat, n)
        out[at["passes"]] = obs.passes
        if obs.roles_assigned:
            for k, role in enumerate(relative(obs.roles, seat)):
                out[at["roles"] + k * roles + role] = 1.0
        out[at["give"]] = obs.give_count
        flags = at["flags"]
        out[flags : flags + 3] = (obs.direction < 0, obs.inverted, obs.revolution is not None)
        fill_phase(out, at["phase"], obs.phase)

    return b.planes(float(rules.deck_size), fill)
