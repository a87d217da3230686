/** The lobby: the tables this browser holds links of ("Your tables", your_tables.ts), then make a table (game,
 * players, which seats are bots, its rules, listed or not) and open it; the open tables listed below it. */

import { RulesPanel } from "./rules_panel";
import { createTable, type GameInfo, gameRules, games, type SeatRequest } from "./api";
import { CLOCK_CHOICES, type ClockSetting, clockChoice } from "./clock";
import { el } from "./dom";
import { linksKey, type StoredLinks } from "./invites";
import { openTablesSection } from "./open_tables";
import { NAME_KEY, validName } from "./name_field";
import { OptionsForm } from "./options_form";
import { rememberSeat, yourTablesSection } from "./your_tables";

import "./lobby.css";

/** The game the lobby offers first (the one this project is named for); the rest follow by title. */
const FIRST_GAME = "bum-game";

export async function startLobby(root: HTMLElement): Promise<void> {
  const list = (await games()).sort(
    (a, b) => Number(b.name === FIRST_GAME) - Number(a.name === FIRST_GAME) || a.title.localeCompare(b.title),
  );
  const game = el(
    "select",
    { id: "game", name: "game" },
    ...list.map((g) => el("option", { value: g.name }, g.title)),
  );
  const players = el("select", { id: "players", name: "players" });
  const seatsBox = el("fieldset", { class: "seat-kinds" });
  const rules = new OptionsForm();
  const rulesPanel = new RulesPanel(() => gameRules(game.value, Number(players.value)));
  const problem = el("p", { class: "problem", role: "alert" });
  const submit = el("button", { type: "submit" }, "Make the table");
  const listed = el("input", { type: "checkbox", id: "listed", name: "listed" });
  listed.checked = true;
  const wait = el("input", { type: "checkbox", id: "wait", name: "wait" });
  wait.checked = true;
  const watchersChat = el("input", { type: "checkbox", id: "chat-spectators", name: "chat_spectators" });
  const pace = el(
    "select",
    { id: "pace", name: "pace" },
    el("option", { value: "" }, "the server's (0.7 s)"),
    el("option", { value: "0" }, "at once"),
    el("option", { value: "1.5" }, "slow (1.5 s)"),
    el("option", { value: "3" }, "slower (3 s)"),
  );
  const name = el("input", {
    id: "name",
    name: "name",
    maxlength: "24",
    autocomplete: "nickname",
    value: localStorage.getItem(NAME_KEY) ?? "",
  });
  const clock = clockField();
  const form = el(
    "form",
    { class: "create", "aria-label": "Make a table" },
    el("div", { class: "your-name" }, el("label", { for: "name" }, "Your name "), name),
    el("label", { for: "game" }, "Game "),
    game,
    el("label", { for: "players" }, " Players "),
    players,
    " ",
    rulesPanel.button,
    rules.series,
    seatsBox,
    el(
      "div",
      { class: "listing" },
      listed,
      el("label", { for: "listed" }, " List it under Open tables (anyone may take a free seat, or watch)"),
    ),
    el(
      "div",
      { class: "waiting" },
      wait,
      el("label", { for: "wait" }, " Wait for every player before dealing"),
    ),
    el(
      "div",
      { class: "watchers-chat" },
      watchersChat,
      el("label", { for: "chat-spectators" }, " Spectators may read and write the chat"),
    ),
    el("div", { class: "pace" }, el("label", { for: "pace" }, "Bots' pace "), pace),
    clock.box,
    rules.element,
    submit,
    problem,
  );
  root.replaceChildren(
    el("h1", {}, "bumtable"),
    yourTablesSection((name) => list.find((g) => g.name === name)?.title ?? name),
    el("h2", {}, "Make a table"),
    form,
    openTablesSection(),
    rulesPanel.dialog,
  );

  const chosen = (): GameInfo | undefined => list.find((g) => g.name === game.value);

  function fillPlayers(): Promise<void> {
    const info = chosen();
    players.replaceChildren(
      ...(info?.players ?? []).map((n) => {
        const o = el("option", { value: String(n) }, String(n));
        if (n === info?.default_players) o.selected = true;
        return o;
      }),
    );
    fillSeats();
    return fillRules();
  }

  /** The rules form for the game and player count chosen (the server describes the options). */
  async function fillRules(): Promise<void> {
    submit.disabled = true;
    try {
      await rules.load(game.value, Number(players.value));
      problem.textContent = "";
    } catch (e) {
      problem.textContent = `The game's options could not load: ${e instanceof Error ? e.message : String(e)}`;
    } finally {
      submit.disabled = rules.busy;
    }
  }

  function fillSeats(): void {
    const n = Number(players.value);
    seatsBox.replaceChildren(
      el("legend", {}, "Seats"),
      ...Array.from({ length: n }, (_, i) => {
        const select = el(
          "select",
          { id: `seat-${i}`, name: `seat-${i}` },
          el("option", { value: "person" }, i === 0 ? "You" : "A person (invite link)"),
          ...(chosen()?.bots ?? []).map((bot) =>
            el("option", { value: bot.name, title: bot.about }, `Bot: ${bot.name}`),
          ),
        );
        select.value = i === 0 || !select.querySelector("option[value=heuristic]") ? "person" : "heuristic";
        // what the bot chosen does, in words (an option's title is not shown on every screen)
        const about = el("span", { class: "seat-about", id: `seat-${i}-about` });
        const describe = (): void => {
          about.textContent = select.selectedOptions[0]?.title ?? "";
        };
        select.addEventListener("change", describe);
        describe();
        return el("div", {}, el("label", { for: `seat-${i}` }, `P${i} `), select, " ", about);
      }),
    );
  }

  game.addEventListener("change", () => void fillPlayers());
  players.addEventListener("change", () => {
    fillSeats();
    void fillRules();
  });
  await fillPlayers();

  async function make(): Promise<void> {
    problem.textContent = "";
    const given = name.value.trim();
    if (given !== "" && !validName(given)) {
      problem.textContent =
        "Your name: 1 to 24 letters, digits, spaces and . ' - _ (starting with a letter or digit)";
      return;
    }
    if (given === "") localStorage.removeItem(NAME_KEY);
    else localStorage.setItem(NAME_KEY, given);
    const seats: SeatRequest[] = [...seatsBox.querySelectorAll("select")].map((s) =>
      s.value === "person" ? { kind: "person" } : { kind: "bot", bot: s.value },
    );
    let turnClock: ClockSetting | null;
    try {
      turnClock = clock.value();
    } catch (e) {
      problem.textContent = e instanceof Error ? e.message : String(e);
      return;
    }
    try {
      const made = await createTable({
        game: game.value,
        players: Number(players.value),
        seats,
        ...rules.choice(game.value, Number(players.value)),
        settings: {
          listed: listed.checked,
          wait: wait.checked,
          chat_spectators: watchersChat.checked,
          ...(pace.value ? { pace: Number(pace.value) } : {}),
          ...(turnClock ? { clock: turnClock } : {}),
        },
      });
      const first = Object.keys(made.links.seats).sort((a, b) => Number(a) - Number(b))[0];
      const mine = first === undefined ? undefined : made.links.seats[first];
      // the maker hands these out: the table page shows them (this browser only), each seat's but the maker's own
      const invites: StoredLinks = {
        join: made.links.join,
        watch: made.links.watch,
        seats: Object.fromEntries(Object.entries(made.links.seats).filter(([seat]) => seat !== first)),
      };
      localStorage.setItem(linksKey(made.id), JSON.stringify(invites));
      // the maker's own seat, for "Your tables" (the table page keeps it too, once it has a token)
      if (first !== undefined && mine !== undefined)
        rememberSeat(localStorage, made.id, Number(first), mine, Date.now());
      location.href = mine ?? made.links.watch;
    } catch (e) {
      problem.textContent = e instanceof Error ? e.message : String(e);
    }
  }

  // kept as soon as it is typed: taking a seat from Open tables sends it too
  name.addEventListener("change", () => {
    const given = name.value.trim();
    if (given === "") localStorage.removeItem(NAME_KEY);
    else if (validName(given)) localStorage.setItem(NAME_KEY, given);
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void make();
  });
  root.dataset.ready = "true";
}

/** The "Turn clock" choice: none, a common one, or custom minutes and seconds a move (its fields shown then). */
function clockField(): { box: HTMLElement; value: () => ClockSetting | null } {
  const choice = el(
    "select",
    { id: "clock", name: "clock" },
    ...CLOCK_CHOICES.map((c) => el("option", { value: c.value }, c.words)),
  );
  const minutes = el("input", {
    id: "clock-minutes",
    type: "number",
    min: "1",
    step: "any",
    inputmode: "decimal",
    value: "5",
  });
  const seconds = el("input", {
    id: "clock-increment",
    type: "number",
    min: "0",
    step: "any",
    inputmode: "decimal",
    value: "5",
  });
  const custom = el(
    "span",
    { class: "clock-custom", hidden: "" },
    el("label", { for: "clock-minutes" }, " Minutes "),
    minutes,
    el("label", { for: "clock-increment" }, " + seconds a move "),
    seconds,
  );
  choice.addEventListener("change", () => {
    custom.hidden = choice.value !== "custom";
  });
  const box = el(
    "div",
    { class: "turn-clock" },
    el("label", { for: "clock" }, "Turn clock "),
    choice,
    custom,
    el(
      "span",
      { class: "clock-about" },
      " (each person's seat has a bank of time; when it runs out, a bot makes that move)",
    ),
  );
  return { box, value: () => clockChoice(choice.value, minutes.value, seconds.value) };
}
