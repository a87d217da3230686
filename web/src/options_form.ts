/**
 * The lobby's rules form, built from the game's option descriptions (``GET /api/games/{name}/options``): the
 * series length up front; the game's named variants (presets) as boxes to tick, each saying what it changes; and
 * every option of the rules (house rules) in a section that opens, under the rules layer's headings, each by its
 * plain label with a line of help and the values it allows. The engine's own option names (what ``bumtable play
 * -o NAME=VALUE`` takes) show only under "Advanced", with each value in force.
 * A table is made with the ticked variants and the options the player changed; the server checks them all and
 * its reason is shown if it refuses.
 */

import { gameOptions, type OptionField, type VariantInfo } from "./api";
import { el } from "./dom";
import { byGroup, changesText, inForce, optionText, parseOption, sameValue } from "./option_values";

import "./options_form.css";

/** The options the series box asks for: points to win, or else hands to play (whichever the rules count). */
const SERIES: readonly [string, string][] = [
  ["target", "Points to win the series"],
  ["rounds", "Hands to play"],
];

interface Control {
  field: OptionField;
  input: HTMLInputElement | HTMLSelectElement;
  box: HTMLElement;
  note: HTMLElement;
}

export interface RulesChoice {
  variants: string[];
  options: Record<string, unknown>;
}

export class OptionsForm {
  /** The series length (points to win or hands to play); hidden where the rules count neither. */
  readonly series = el("fieldset", { class: "match-length" });
  /** The variants and every option. */
  readonly element = el("div", { class: "rules-form" });
  private readonly variantsBox = el("fieldset", { class: "variants" });
  private readonly summary = el("summary", {});
  private readonly list = el("div", { class: "option-list" });
  private readonly rawValues = el("tbody", {});
  private readonly advanced = el(
    "details",
    { class: "advanced-options" },
    el("summary", {}, "Advanced: the options' names in the engine"),
    el(
      "p",
      {},
      "As bumtable play GAME -o NAME=VALUE takes them (bumtable games GAME --options describes each).",
    ),
    el(
      "table",
      {},
      el("thead", {}, el("tr", {}, el("th", {}, "Name"), el("th", {}, "Value"), el("th", {}, "Option"))),
      this.rawValues,
    ),
  );
  private readonly details = el("details", { class: "house-rules" }, this.summary, this.list);
  private game = "";
  private fields: OptionField[] = [];
  private variants: VariantInfo[] = [];
  private readonly chosen = new Set<string>();
  private readonly edits = new Map<string, unknown>();
  private readonly problems = new Map<string, string>();
  private controls: Control[] = [];
  private seriesName: string | null = null;
  private loading = 0;
  private inFlight = 0;

  /** A game's options are still loading (its form is not yet the one shown). */
  get busy(): boolean {
    return this.inFlight > 0;
  }

  constructor() {
    this.element.append(this.variantsBox, this.details, this.advanced);
  }

  /** Show the preset of ``game`` for ``players``: a new game starts from its preset, another player count keeps
   * the variants ticked and the options changed. */
  async load(game: string, players: number): Promise<void> {
    // Shown already, and nothing else on its way: drawing it again would only drop what is being typed (a
    // select fires its events again when the same game or count is picked).
    if (this.inFlight === 0 && this.element.dataset.shows === `${game} ${String(players)}`) return;
    const ticket = ++this.loading;
    this.inFlight += 1;
    let described;
    try {
      described = await gameOptions(game, players);
    } finally {
      this.inFlight -= 1;
    }
    if (ticket !== this.loading) return; // a later choice of game or players is loading: it wins
    if (game !== this.game) {
      this.chosen.clear();
      this.edits.clear();
      this.problems.clear();
      this.game = game;
    }
    this.fields = described.options;
    this.variants = described.variants;
    for (const name of [...this.chosen])
      if (!this.variants.some((v) => v.name === name)) this.chosen.delete(name);
    this.seriesName = null;
    this.series.replaceChildren(); // the last game's box goes: drawSeries draws this one's
    this.drawVariants();
    this.drawOptions();
    this.element.dataset.shows = `${game} ${String(players)}`;
  }

  /** The variants ticked and the options changed, for making a table of ``game`` for ``players``; an Error
   * naming each field that holds something its option does not allow (or if the form shows another game). */
  choice(game: string, players: number): RulesChoice {
    if (this.element.dataset.shows !== `${game} ${String(players)}`) {
      throw new Error("the game's options have not loaded yet: choose the game again");
    }
    if (this.problems.size > 0) {
      throw new Error([...this.problems].map(([name, problem]) => `${name} must be ${problem}`).join("; "));
    }
    return {
      variants: this.variants.filter((v) => this.chosen.has(v.name)).map((v) => v.name),
      options: Object.fromEntries(this.edits),
    };
  }

  private values(): Map<string, unknown> {
    return inForce(this.fields, this.variants, this.chosen, this.edits);
  }

  private drawVariants(): void {
    const labels = new Map(this.fields.map((f) => [f.name, f.label]));
    this.variantsBox.hidden = this.variants.length === 0;
    this.variantsBox.replaceChildren(
      el("legend", {}, "Variants"),
      ...this.variants.map((v, i) => {
        const box = el("input", { type: "checkbox", id: `variant-${String(i)}`, name: v.name });
        box.checked = this.chosen.has(v.name);
        box.addEventListener("change", () => {
          if (box.checked) this.chosen.add(v.name);
          else this.chosen.delete(v.name);
          this.refresh();
        });
        return el(
          "div",
          { class: "variant" },
          box,
          el("label", { for: box.id }, ` ${v.name} `),
          el("small", {}, `(${changesText(v.changes, labels)})`),
        );
      }),
    );
  }

  /** The series box: points to win where the rules count points, else hands to play, else hidden. */
  private drawSeries(): void {
    const values = this.values();
    // which one the rules count is the preset's and the variants' choice: an edit below does not hide the box
    const counted = inForce(this.fields, this.variants, this.chosen, new Map());
    const found = SERIES.find(([name]) => {
      const value = counted.get(name);
      return typeof value === "number" && value > 0;
    });
    const name = found?.[0] ?? null;
    const shown = this.series.querySelector("input");
    if (name === this.seriesName && shown) {
      if (name !== null && document.activeElement !== shown) shown.value = String(values.get(name));
      return;
    }
    this.seriesName = name;
    if (found === undefined) {
      this.series.replaceChildren();
      this.series.hidden = true;
      return;
    }
    const [option, label] = found;
    const input = el("input", {
      id: "match",
      type: "number",
      min: "1",
      max: "10000",
      name: option,
      value: String(values.get(option)),
    });
    const note = el("small", { class: "field-problem", role: "alert" });
    input.addEventListener("input", () => {
      const parsed = parseOption(this.field(option), input.value);
      if (!parsed.ok || (parsed.value as number) < 1) {
        this.problems.set(option, "a whole number from 1");
        note.textContent = "a whole number from 1";
        return;
      }
      this.problems.delete(option);
      note.textContent = "";
      this.edits.set(option, parsed.value);
      this.refresh();
    });
    this.series.hidden = false;
    this.series.replaceChildren(
      el("legend", {}, "Series"),
      el("label", { for: "match" }, `${label} `),
      input,
      note,
    );
  }

  private field(name: string): OptionField {
    const found = this.fields.find((f) => f.name === name);
    if (found === undefined) throw new Error(`no option ${name}`);
    return found;
  }

  private drawOptions(): void {
    const values = this.values();
    this.controls = [];
    const groups = byGroup(this.fields).map(([group, fields]) => {
      const controls = fields.map((field) => this.control(field, values.get(field.name)));
      this.controls.push(...controls);
      return el(
        "fieldset",
        { class: "option-group", "data-group": group },
        el("legend", {}, group),
        ...controls.map((c) => c.box),
      );
    });
    this.list.replaceChildren(...groups);
    this.refresh();
  }

  private control(field: OptionField, value: unknown): Control {
    const id = `option-${field.name}`;
    const help = el(
      "small",
      { id: `${id}-help`, class: "option-help" },
      `${field.help} Allowed: ${field.allowed}.`,
    );
    const note = el("small", { class: "field-problem", role: "alert" });
    const described = { id, name: field.name, "aria-describedby": help.id };
    let input: HTMLInputElement | HTMLSelectElement;
    if (field.kind === "bool") {
      input = el("input", { ...described, type: "checkbox" });
    } else if (field.kind === "choice") {
      input = el(
        "select",
        described,
        ...field.choices.map((c) => el("option", { value: String(c) }, String(c))),
      );
    } else {
      const number = field.kind === "int" || field.kind === "float";
      input = el("input", {
        ...described,
        type: number ? "number" : "text",
        ...(field.kind === "int" ? { step: "1" } : {}),
        ...(field.kind === "list" ? { spellcheck: "false" } : {}),
      });
    }
    setText(input, optionText(field, value));
    const read = (): void => {
      const parsed = parseOption(field, textOf(input));
      if (!parsed.ok) {
        this.problems.set(field.name, parsed.problem);
        note.textContent = `Must be ${parsed.problem}.`;
        return;
      }
      this.problems.delete(field.name);
      note.textContent = "";
      this.edits.set(field.name, parsed.value);
      this.refresh();
    };
    input.addEventListener(
      input instanceof HTMLSelectElement || field.kind === "bool" ? "change" : "input",
      read,
    );
    const label = el("label", { for: id }, el("span", { class: "option-name" }, field.label));
    const box = el("div", { class: "option", "data-option": field.name }, label, input, note, help);
    return { field, input, box, note };
  }

  /** Each field shows the value in force (but the one being typed in) and whether it differs from the preset;
   * the section's summary counts the changes. */
  private refresh(): void {
    const values = this.values();
    let changed = 0;
    this.drawSeries();
    this.rawValues.replaceChildren(
      ...this.fields.map((field) =>
        el(
          "tr",
          { "data-raw": field.name },
          el("td", {}, el("code", {}, field.name)),
          el("td", {}, el("code", {}, JSON.stringify(values.get(field.name)))),
          el("td", {}, field.label),
        ),
      ),
    );
    for (const { field, input, box } of this.controls) {
      const value = values.get(field.name);
      if (document.activeElement !== input) setText(input, optionText(field, value));
      const differs = !sameValue(value, field.value);
      if (differs) changed += 1;
      box.classList.toggle("changed", differs);
      box.querySelector(".changed-mark")?.remove();
      if (differs) box.querySelector("label")?.append(el("span", { class: "changed-mark" }, " (changed)"));
    }
    this.summary.textContent = `House rules: every option (${String(changed)} changed from the preset)`;
  }
}

function textOf(input: HTMLInputElement | HTMLSelectElement): string {
  return input instanceof HTMLInputElement && input.type === "checkbox" ? String(input.checked) : input.value;
}

function setText(input: HTMLInputElement | HTMLSelectElement, text: string): void {
  if (input instanceof HTMLInputElement && input.type === "checkbox") input.checked = text === "true";
  else input.value = text;
}
