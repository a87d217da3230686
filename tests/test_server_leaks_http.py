"""Leak audit of the server's HTTP faces: the table, the scoreboard and every finished hand's events, asked with each
seat's token and without one while a game is played (on a person's turn, the table waiting for it) and once it is
over. The table and the scoreboard show only what the spectators may know by then; a finished hand's events are
exactly those the viewer's frames gave during it, with no card hidden from that viewer by the hand's end; the record
(every hand's cards, the seed) is refused until the game is over. Whole games of all six systems are audited so in
``test_server_leaks.py``, with their frames."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from leak_audit import (
    OPTIONAL_REVOLUTION,
    SHORT,
    Answer,
    audit_http,
    audit_whole_game_http,
    knowledge,
    play_in_process,
    play_whole_game,
)
from server_helpers import Server


def test_a_replayed_hand_is_numbered_as_its_frames_were_and_does_not_count_a_declined_revolution(
    server: Server,
) -> None:
    """A person declines a revolution in the third hand: a private choice no event tells of, which the frames do
    not count in their steps. Replaying that hand (``/hands/3``, any viewer) numbers its events as the frames did,
    so its steps do not tell that the choice was made (nor does anything else asked over HTTP)."""
    played = play_whole_game(server, "bum-game", 4, OPTIONAL_REVOLUTION, seed=22, look=True)
    assert "no-revolution" in played.record.actions
    audit_whole_game_http(played)


def test_the_record_is_refused_while_the_game_is_played(server: Server) -> None:
    """It holds every hand's cards and the seed, which deals the hands to come: 409 and why, also cut after a
    hand; each seat replays the finished hands as it saw them instead."""
    created = server.create(game="bum-game", players=4, seed=3, options=SHORT)
    base = f"{server.http}/api/tables/{created['id']}"
    for query in ({}, {"hand": 1}):
        answer = httpx.get(f"{base}/record", params=query, timeout=10)
        assert answer.status_code == 409, answer.text
        assert "still being played" in answer.json()["detail"]
    assert httpx.get(f"{base}/hands/1", timeout=10).status_code == 404  # no hand is finished yet


def test_the_http_audit_finds_a_hidden_card_in_an_answer_and_a_record_given_too_soon() -> None:
    """Each check of the HTTP audit on its own (the comparison with the frames off) catches a forged answer, and
    the true answers pass."""
    played = play_in_process("president", 4, SHORT, 7)
    known = knowledge(played.record, played.frames)
    answers = played.answers
    assert audit_http(known, answers) == len(answers)
    first_end = answers[0].step  # the first hand just ended, the second is dealt; the game goes on
    assert answers[0].playing and first_end == known.hands[0][2]
    (hidden,) = known.universe - known.allowed(0, first_end)  # left in another's hand at the first's end

    def forge(path: str, viewer: int | None, change: Any) -> list[Answer]:
        index = next(i for i, a in enumerate(answers) if a.path == path and a.viewer == viewer)
        old = answers[index]
        return [*answers[:index], change(old), *answers[index + 1 :]]

    def with_data(data: dict[str, Any]) -> Any:
        return lambda a: Answer(a.viewer, a.path, a.step, a.playing, a.status, data)

    first = next(a for a in answers if a.path == "/hands/1" and a.viewer == 0)
    note = {"seq": 0, "step": 0, "kind": "note", "player": 1, "to": None, "text": f"P1 holds {hidden}"}
    hand = {**first.data, "events": [*first.data["events"], note]}
    board = next(a for a in answers if a.path == "/scoreboard").data
    row = {**board["rows"][0], "text": f"{board['rows'][0]['text']} ({hidden} still in P1's hand)"}
    table = next(a for a in answers if a.path == "").data
    seats = [{**seat, "name": f"P{seat['seat']} {hidden}"} for seat in table["seats"]]
    forged = {
        "hidden cards": [
            forge("/hands/1", 0, with_data(hand)),
            forge("/scoreboard", 2, with_data({**board, "rows": [row]})),
            forge("", None, with_data({**table, "seats": seats})),
        ],
        "the record while the game is played": [
            forge(
                "/record",
                None,
                lambda a: Answer(a.viewer, a.path, a.step, a.playing, 200, {"actions": ["x"]}),
            )
        ],
    }
    for what, forgeries in forged.items():
        for forgery in forgeries:
            with pytest.raises(AssertionError, match=what):
                audit_http(known, forgery, exact=False)
    with pytest.raises(AssertionError, match="not the events the viewer's frames gave"):
        audit_http(known, forged["hidden cards"][0])
