"""The WebSocket protocol (``docs/protocol.md``): one pydantic model per message type, told apart by ``type``."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic_core import PydanticCustomError

from bumtable.errors import BumtableError
from bumtable.server.names import RULE, BadName, check_name

VERSION = 1


class MessageError(BumtableError):
    """A message the server cannot read; ``code`` names the kind of fault."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class _Message(BaseModel):
    model_config = ConfigDict(
        extra="forbid", frozen=True, strict=True, json_schema_serialization_defaults_required=True
    )


class ActMessage(_Message):
    """Take an action for the connection's seat."""

    type: Literal["act"]
    v: Literal[1]
    action: str = Field(
        min_length=1, max_length=200, description="The action's text, e.g. 'set 3' or 'pass'."
    )
    step: int | None = Field(
        default=None,
        ge=0,
        description="The `step` of the frame the action answers: if the table has moved on since (an auto-play, "
        "stand-in or clock move), the action is refused with `stale` instead of landing on a later turn.",
    )


class ResyncMessage(_Message):
    """Send the observation again with every event from ``since`` on (the seq after the last one seen)."""

    type: Literal["resync"]
    v: Literal[1]
    since: int = Field(default=0, ge=0, description="The first event's seq to send again.")


class AutoMessage(_Message):
    """Switch auto-play, which plays the seat's turns that have exactly one legal action, on or off."""

    type: Literal["auto"]
    v: Literal[1]
    on: bool


def _seat_name(raw: str) -> str:
    try:
        return check_name(raw)
    except BadName as e:
        raise PydanticCustomError("seat_name", "{reason}", {"reason": str(e)}) from None


SeatName = Annotated[
    str,
    AfterValidator(_seat_name),
    Field(
        min_length=1,
        description=f"{RULE}; read as Unicode NFKC, with no invisible characters (the server's "
        "bumtable.server.names); two seats of a table may not have names that differ only in case.",
    ),
]
"""A seat's name wherever one is given: normalised, or refused with the reason."""


class NameMessage(_Message):
    """The name the table shows for the connection's seat (the rule: :mod:`bumtable.server.names`)."""

    type: Literal["name"]
    v: Literal[1]
    name: SeatName


class ChatMessage(_Message):
    """A line in the table's chat, sent to everyone at the table (spectators only where the table says so)."""

    type: Literal["chat"]
    v: Literal[1]
    text: str = Field(
        description="What to say: at most 300 characters (the server's limit), not blank; control characters "
        "are dropped. At most 5 messages in 10 seconds per connection."
    )


class StartMessage(_Message):
    """The maker of a waiting table starts it now: the free seats are played by the stand-in bot."""

    type: Literal["start"]
    v: Literal[1]


class RematchMessage(_Message):
    """Ask for a rematch once the match is over (the first request makes it; later ones get their seat)."""

    type: Literal["rematch"]
    v: Literal[1]
    seats: Literal["same", "shuffled"] = Field(
        default="same", description="same: each keeps their seat; shuffled: the seats are drawn anew."
    )


AnyClientMessage = (
    ActMessage | ResyncMessage | AutoMessage | NameMessage | ChatMessage | StartMessage | RematchMessage
)
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
CLIENT_TYPES = ("act", "resync", "auto", "name", "chat", "start", "rematch")
_CLIENT = TypeAdapter[AnyClientMessage](ClientMessage)


class SeatInfo(_Message):
    """A seat as everyone may know it."""

    seat: int
    kind: Literal["person", "bot"]
    bot: str | None = Field(description="A bot seat's kind (random, heuristic...); None for a person's.")
    name: str | None = Field(description="The name its person chose, if any.")
    claimed: bool = Field(
        description="A person's seat that someone has taken (by its invite or the join link)."
    )
    present: bool = Field(description="Its person is connected now (always true for a bot).")
    stand_in: bool = Field(description="The table's stand-in bot plays it now, its person being away.")
    auto: bool = Field(
        description="Its person has auto-play on for turns with one legal action (told only to that seat: to "
        "others always false, as auto-played moves look to them like moves the seat chose)."
    )
    agent: bool = Field(
        description="A person's seat whose latest connection said it plays for an agent, a program such as an "
        "LLM's (`agent=true` on the WebSocket's address; `bumtable mcp` says so): the table marks it. Always "
        "false for a bot's seat."
    )


class SeriesInfo(_Message):
    """The matches of a chain of rematches up to this table, and how many each seat's player won."""

    matches: int = Field(description="Matches over in the series, this one included once it is over.")
    wins: list[int] = Field(
        description="By this table's seat: the matches won by whoever sits there (followed through the seats "
        "each rematch gave them)."
    )


class TableMessage(_Message):
    """The table as everyone may know it: sent first, and again whenever a seat or the status changes."""

    type: Literal["table"] = "table"
    v: Literal[1] = 1
    table: str
    you: int | None = Field(description="The receiver's seat; None for a spectator.")
    game: str
    family: str = Field(
        description="The game's family of rules (`climbing`, `gin-bummy`, `boojum`; `GET /api/games` names it "
        "too): which view and words a face uses."
    )
    players: int
    status: Literal["playing", "over", "stale"]
    problem: str | None = Field(description="Why a stale table cannot be played.")
    rules: dict[str, Any] = Field(
        description="The rules as `rules.to_dict()` (the wire's rules model).",
        json_schema_extra={"x-wire": "rules"},
    )
    settings: dict[str, Any] = Field(
        description="away_after, stand_in, clock (see bumtable.server.settings)."
    )
    card_table: list[dict[str, Any]] = Field(
        description="The public table of the cards the rules deal (each card's text, name and types), for what a "
        "card's text does not say; empty where it says it all. The rules make it (the family's `card_table`).",
        json_schema_extra={"x-wire-items": "card-face"},
    )
    seats: list[SeatInfo]
    spectators: int
    waiting: bool = Field(
        default=False,
        description="A waiting room: nothing is dealt (no state frames) until every person's seat is taken or "
        "the maker starts the table with bots.",
    )
    maker: int | None = Field(
        default=None,
        description="The seat whose person may start a waiting table with bots; None: any seated person.",
    )
    rematch_of: str | None = Field(default=None, description="The table this one is a rematch of.")
    rematch: str | None = Field(default=None, description="The rematch of this table, once asked for.")
    series: SeriesInfo | None = Field(
        default=None, description="A rematch's series: the matches so far and each seat's wins; else None."
    )


class ClockInfo(_Message):
    """The turn clock when the frame was made."""

    banks: list[float | None] = Field(description="Seconds left per seat (None for a bot's seat).")
    running: int | None = Field(description="The seat whose clock runs now, if any.")


class OpenedDraw(_Message):
    """One shuffle of a finished hand, opened: its commitment is SHA-256 of
    ``bumtable-fair/1|TABLE|draw DRAW|SALT|ORDER`` (the order's card codes joined by commas)."""

    draw: int = Field(description="Which of the match's shuffles this is, from 0.")
    salt: str = Field(description="This shuffle's salt (64 hex digits).")
    order: list[int] = Field(description="The shuffled order, in the engine's card codes.")
    commit: str = Field(description="Its commitment, as sent while the hand was played.")


class OpenedHand(_Message):
    """A finished hand's shuffles, opened."""

    hand: int
    draws: list[OpenedDraw]


class FairInfo(_Message):
    """The table's commitments to its deals (``docs/server.md``, Fair deals); the same for every viewer."""

    match: str = Field(
        description="SHA-256 of ``bumtable-fair/1|TABLE|match|SALT|SEED``, the same from the first frame on."
    )
    hand: int = Field(description="The hand being played (the last one once the match is over).")
    commits: list[str] = Field(description="The commitments to the shuffles that dealt this hand so far.")
    opened: list[OpenedHand] = Field(
        description="Every hand's shuffles, opened once the match is over (empty before: one generator deals "
        "every hand, so an opened order would be a clue to the deals after it)."
    )
    seed: int | None = Field(description="The match's seed, told once the match is over.")
    salt: str | None = Field(description="The table's salt (64 hex digits), told once the match is over.")


class StateMessage(_Message):
    """What the viewer may know now: its observation and the events it saw from ``since`` on."""

    type: Literal["state"] = "state"
    v: Literal[1] = 1
    table: str
    seat: int | None = Field(description="The viewer's seat; None for a spectator.")
    step: int = Field(
        description="How many actions the table has taken that anyone may know of (a private choice no event "
        "tells of is not counted)."
    )
    observation: dict[str, Any] = Field(
        description="The seat's observation in its wire form (bumtable.wire), legal actions included.",
        json_schema_extra={"x-wire": "observation"},
    )
    events: list[dict[str, Any]] = Field(
        description="Events from `since` on, as this viewer may know them.",
        json_schema_extra={"x-wire-items": "event"},
    )
    since: int = Field(description="The seq the events start from.")
    next: int = Field(description="The seq of the next event: send it as `since` in a resync.")
    clock: ClockInfo | None = Field(default=None, description="The turn clock; None when the table has none.")
    by: str | None = Field(
        default=None,
        description="Who made the table's latest action: seat (the seat's own player or bot), auto (auto-play "
        "of a lone move: told only to the seat it played for, others see seat), stand-in (for an away player) or "
        "clock (the stand-in, the seat's time having run out); None before the first action.",
    )
    fair: FairInfo | None = Field(
        default=None, description="The commitments to the deals; None at a table stored before them."
    )


class ChatLine(_Message):
    """One chat message as everyone who may read the chat sees it."""

    id: int = Field(description="Its number: later messages have higher ones.")
    seat: int | None = Field(description="The seat that wrote it; None: a spectator.")
    name: str | None = Field(description="The seat's name when it was written (None: none chosen).")
    text: str
    at: str = Field(description="When it was written (ISO 8601, UTC).")


class ChatLines(_Message):
    """Chat messages: the latest ones (up to 100) on connecting, then each new one as it is written."""

    type: Literal["chat"] = "chat"
    v: Literal[1] = 1
    table: str
    lines: list[ChatLine]


class RematchOffer(_Message):
    """A rematch of this table was made: where it is, and the receiver's own seat there (told to that seat's
    connections alone)."""

    type: Literal["rematch"] = "rematch"
    v: Literal[1] = 1
    table: str = Field(description="This (the old) table.")
    rematch: str = Field(description="The new table's id: its page is /t/ID.")
    seats: Literal["same", "shuffled"]
    by: int = Field(description="The seat (of this table) that asked for it.")
    seat: int | None = Field(
        description="The receiver's seat at the new table; None: a spectator, or none kept."
    )
    token: str | None = Field(
        description="The receiver's token for that seat (its link: /t/ID?token=TOKEN); None when the seat was "
        "taken meanwhile or the receiver has none."
    )
    join: str | None = Field(
        default=None,
        description="To the new table's maker (who asked) alone: the join code for its free seats, if any.",
    )
    free: dict[str, str] = Field(
        default_factory=dict,
        description="To the new table's maker alone: the token of each free seat nobody kept, by seat.",
    )


class ErrorMessage(_Message):
    """What was wrong with the last message (or why the connection cannot go on)."""

    type: Literal["error"] = "error"
    v: Literal[1] = 1
    code: str = Field(
        description="malformed-json, unknown-type, bad-version, invalid, too-big, too-fast, bad-action, illegal, "
        "not-your-turn, stale, spectator, name-taken, no-table, bad-token, table-full, engine-version, storage, "
        "server, waiting, not-waiting, not-maker, still-playing, chat-blank, chat-too-long, chat-too-fast"
    )
    message: str


def read_client_message(text: str | bytes) -> AnyClientMessage:
    """A client message from its JSON text; a :class:`MessageError` that names what was wrong.

    >>> read_client_message('{"type": "act", "v": 1, "action": "set 3", "step": 12}')
    ActMessage(type='act', v=1, action='set 3', step=12)
    """
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise MessageError("malformed-json", f"not JSON: {e}") from None
    except RecursionError:
        raise MessageError("malformed-json", "not a message: JSON nested too deep") from None
    types = ", ".join(CLIENT_TYPES)
    if not isinstance(data, dict):
        raise MessageError("invalid", "a message must be a JSON object with 'type' and 'v'")
    if "type" not in data:
        raise MessageError("invalid", f"a message needs 'type', one of: {types}")
    kind = data["type"]
    if not isinstance(kind, str):
        raise MessageError("invalid", f"'type' must be a string, one of: {types}; not {_shown(kind)}")
    if kind not in CLIENT_TYPES:
        raise MessageError("unknown-type", f"unknown message type {_shown(kind)}; types: {types}")
    if "v" not in data:
        raise MessageError("invalid", f"a message needs 'v', the version of its type ({VERSION} for {kind})")
    version = data["v"]
    if type(version) is not int:  # strict: true and 1.0 are not 1
        raise MessageError(
            "invalid", f"'v' must be a whole number, {VERSION} for {kind}, not {_shown(version)}"
        )
    if version != VERSION:
        raise MessageError("bad-version", f"{kind} messages are version {VERSION}, not {version}")
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as e:
        faults = "; ".join(f"{'.'.join(str(p) for p in err['loc'][1:])}: {err['msg']}" for err in e.errors())
        raise MessageError("invalid", f"bad {kind} message: {faults}") from None


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 40 else text[:40] + "..."


def error(code: str, message: str) -> dict[str, Any]:
    return ErrorMessage(code=code, message=message).model_dump(mode="json")


AnyServerMessage = TableMessage | StateMessage | ErrorMessage | ChatLines | RematchOffer
ServerMessage = Annotated[AnyServerMessage, Field(discriminator="type")]
SERVER = TypeAdapter[AnyServerMessage](ServerMessage)
