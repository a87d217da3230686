"""The climbing games' planes: rank counts of what the seat holds, saw played and knows of other hands.

Seats are counted from the observer. A card given in the exchange stays known in its receiver's hand until the
receiver gives back or plays a card of its rank (a lower bound: the seat cannot tell which one went).
"""

from __future__ import annotations

from typing import Any

from bumtable.rules.phases import PHASES
from bumtable.tensors.layout import Builder, Planes, Vector, add_phase, relative


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

    # Counts of the hand's plays by player and rank, for the last ``played`` seen. Plays only ever append,
    # so a longer tuple that starts with the same entries adds its new ones; one tuple is swapped in whole,
    # so threads sharing a layout at worst recount.
    last: list[tuple[tuple[Any, ...], list[int], list[int]]] = [((), [0] * (n * ranks), [0] * ranks)]

    def counted(played: tuple[Any, ...]) -> tuple[list[int], list[int]]:
        seen, by, total = last[0]
        k = len(seen)
        if k and len(played) >= k and played[k - 1] is seen[k - 1] and played[0] is seen[0]:
            if len(played) == k:
                return by, total
            by, total, new = list(by), list(total), played[k:]
        else:
            by, total, new = [0] * (n * ranks), [0] * ranks, played
        for player, codes in new:
            row = player * ranks
            for code in codes:
                rank = rank_of[code]
                by[row + rank] += 1
                total[rank] += 1
        last[0] = (played, by, total)
        return by, total

    size = b.blocks[-1].stop
    hand_at, played_at, known_at, counts_at = at["hand"], at["played"], at["known"], at["counts"]
    sat_at, top_at, size_at, top_player_at = at["sat_out"], at["top"], at["top_size"], at["top_player"]
    roles_at, flags_at, phase_at = at["roles"], at["flags"], at["phase"]
    phase_of = {phase: phase_at + k for k, phase in enumerate(PHASES)}

    def fill(obs: Any, out: Vector) -> None:
        """Written into a list first: one copy into ``out`` is cheaper than many numpy item writes."""
        seat = obs.seat
        v = [0.0] * size
        for code in obs.hand or ():
            v[hand_at + rank_of[code]] += 1
        by, total = counted(obs.played)
        v[played_at : played_at + ranks] = total
        if obs.transfers:
            known_cards(obs.transfers, seat, by, v)
        v[counts_at : counts_at + n] = relative(obs.card_counts, seat)
        if any(obs.sat_out):
            v[sat_at : sat_at + n] = relative(obs.sat_out, seat)
        top = obs.top
        if top is not None and top.rank >= 0:
            v[top_at + top.rank] = 1.0
            v[size_at] = top.size
            if obs.top_player >= 0:
                v[top_player_at + (obs.top_player - seat) % n] = 1.0
        v[at["passes"]] = obs.passes
        if obs.roles_assigned:
            for k, role in enumerate(relative(obs.roles, seat)):
                v[roles_at + k * roles + role] = 1.0
        v[at["give"]] = obs.give_count
        v[flags_at] = obs.direction < 0
        v[flags_at + 1] = obs.inverted
        v[flags_at + 2] = obs.revolution is not None
        v[phase_of[obs.phase]] = 1.0
        out[:] = v

    # Per seat, the last exchange seen and what it gave each receiver: an exchange is one tuple all hand long.
    exchanges: dict[int, tuple[Any, dict[int, list[int]]]] = {}

    def given_to(transfers: Any, seat: int) -> dict[int, list[int]]:
        """Per receiver, the cards of each rank this seat gave it, less those it gave back since."""
        last = exchanges.get(seat)
        if last is not None and last[0] is transfers:
            return last[1]
        given: dict[int, list[int]] = {}
        for t in transfers:  # in the exchange's order
            if not t.cards:
                continue
            if t.giver == seat and t.receiver != seat:
                row = given.setdefault(t.receiver, [0] * ranks)
                for code in t.cards:
                    row[rank_of[code]] += 1
            elif t.receiver == seat and t.giver in given:
                row = given[t.giver]
                for code in t.cards:
                    if row[rank_of[code]]:
                        row[rank_of[code]] -= 1
        exchanges[seat] = (transfers, given)
        return given

    def known_cards(transfers: Any, seat: int, by: list[int], v: list[float]) -> None:
        """What this seat gave each receiver, less what that receiver has played since: a lower bound, as the
        seat cannot tell which card of a rank went back or was played."""
        for receiver, row in given_to(transfers, seat).items():
            base, played = known_at + ((receiver - seat) % n - 1) * ranks, receiver * ranks
            for rank in range(ranks):
                left = row[rank] - by[played + rank]
                if left > 0:
                    v[base + rank] = left

    return b.planes(float(rules.deck_size), fill)
