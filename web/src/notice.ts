/**
 * Turns a person notices outside the page: at the viewer's turn a short chime (Web Audio, generated), the tab's
 * title and icon changed (both back when the turn passes), and, if the person asked for it, a browser
 * notification while the tab is hidden. A friend with the table in a background tab no longer stalls it.
 */

import { el } from "./dom";

import "./notice.css";

/** localStorage keys of the two toggles ("on" / "off"); the sound is on unless turned off. */
export const SOUND_KEY = "bumtable:sound";
export const NOTIFY_KEY = "bumtable:notify";

/** A toggle's stored value read back: "on" / "off", anything else (nothing kept) the default. */
export function readToggle(stored: string | null, fallback: boolean): boolean {
  return stored === "on" ? true : stored === "off" ? false : fallback;
}

/** The tab's title at the viewer's turn, made from the page's own ("● Your turn - bumtable: ..."). */
export function turnTitle(base: string): string {
  return `● Your turn - ${base}`;
}

/**
 * The tab's icon as a data URL (an SVG drawn here, no file): a card, plain while waiting, with a bright dot at
 * the viewer's turn, so the tab strip shows whose turn it is at a glance.
 */
export function faviconHref(yours: boolean): string {
  const dot = yours ? '<circle cx="23" cy="9" r="8" fill="#e01b24" stroke="#fff" stroke-width="2"/>' : "";
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    '<rect x="5" y="3" width="20" height="27" rx="3" fill="#fff" stroke="#26734d" stroke-width="2.5"/>' +
    '<path d="M15 10l5 6-5 6-5-6z" fill="#26734d"/>' +
    `${dot}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** What a frame's turn means for the page: the turn began, ended, or nothing changed. */
export type TurnChange = "began" | "ended" | null;

/**
 * Follows the viewer's turn from frame to frame. The first frame only sets where things stand ("began" for the
 * title and icon, ``quiet``: no sound or notification for a page just opened, the person is looking at it).
 */
export class TurnEdge {
  private last: boolean | null = null;

  /** The change this frame makes (``yours``: the frame says it is the viewer's turn). */
  next(yours: boolean): { change: TurnChange; quiet: boolean } {
    const first = this.last === null;
    const was = this.last ?? false;
    this.last = yours;
    const change: TurnChange = yours && !was ? "began" : !yours && was ? "ended" : null;
    return { change, quiet: first };
  }
}

/** One note of the chime: its pitch (Hz), when it starts and how long it lasts (seconds after ``start``). */
export interface Note {
  frequency: number;
  at: number;
  length: number;
}

/** The chime: two short rising notes (an E then an A), a third of a second in all. */
export function chimeNotes(start: number): Note[] {
  return [
    { frequency: 659.25, at: start, length: 0.14 },
    { frequency: 880, at: start + 0.15, length: 0.2 },
  ];
}

/** Plays the chime through one AudioContext, made at the first chime (a browser allows only a few). */
class Chime {
  private context: AudioContext | null = null;

  play(): void {
    if (typeof AudioContext === "undefined") return;
    this.context ??= new AudioContext();
    const audio = this.context;
    // made before the person touched the page, a context waits suspended: asked again at each chime
    if (audio.state === "suspended") audio.resume().catch(() => undefined);
    for (const note of chimeNotes(audio.currentTime + 0.02)) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = note.frequency;
      gain.gain.setValueAtTime(0.0001, note.at);
      gain.gain.exponentialRampToValueAtTime(0.25, note.at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, note.at + note.length);
      tone.connect(gain).connect(audio.destination);
      tone.start(note.at);
      tone.stop(note.at + note.length + 0.05);
    }
  }
}

/** A checkbox and its label, for the page's own settings row. */
function toggle(id: string, words: string, checked: boolean): [HTMLInputElement, HTMLLabelElement] {
  const box = el("input", { type: "checkbox", id });
  box.checked = checked;
  return [box, el("label", { class: "notice-toggle", for: id }, box, ` ${words}`)];
}

/**
 * The table page's turn notice: ``controls`` (the Sound and Notify toggles) go in the page's settings row, and
 * ``turn`` is told at every drawing whether it is the viewer's turn.
 */
export class TurnNotice {
  readonly controls: HTMLElement;
  private readonly sound: HTMLInputElement;
  private readonly notify: HTMLInputElement;
  private readonly said: HTMLElement;
  private readonly edge = new TurnEdge();
  private readonly chime = new Chime();
  private readonly baseTitle = document.title;
  private readonly icon: HTMLLinkElement;
  private shown: Notification | null = null;

  constructor() {
    const [sound, soundLabel] = toggle(
      "turn-sound",
      "Sound at my turn",
      readToggle(localStorage.getItem(SOUND_KEY), true),
    );
    const asked = readToggle(localStorage.getItem(NOTIFY_KEY), false);
    const [notify, notifyLabel] = toggle(
      "turn-notify",
      "Notify me when the tab is hidden",
      asked && permitted(),
    );
    this.sound = sound;
    this.notify = notify;
    this.said = el("span", { class: "notice-said", role: "status" });
    this.controls = el("div", { class: "turn-notice", hidden: "" }, soundLabel, notifyLabel, this.said);
    this.icon = pageIcon();
    this.icon.href = faviconHref(false);
    sound.addEventListener("change", () => {
      localStorage.setItem(SOUND_KEY, sound.checked ? "on" : "off");
    });
    notify.addEventListener("change", () => void this.notifyChanged());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.closeShown();
    });
  }

  /** A drawing of the table: ``yours`` its turn is the viewer's; ``seated``: the viewer has a seat (a
   * spectator is shown no toggles). */
  turn(yours: boolean, seated = true): void {
    this.controls.hidden = !seated;
    const { change, quiet } = this.edge.next(yours);
    if (change === "began") {
      document.title = turnTitle(this.baseTitle);
      this.icon.href = faviconHref(true);
      if (!quiet && this.sound.checked) this.chime.play();
      if (!quiet && this.notify.checked && document.visibilityState === "hidden") this.showNotification();
    } else if (change === "ended") {
      document.title = this.baseTitle;
      this.icon.href = faviconHref(false);
      this.closeShown();
    }
  }

  /** Permission is asked only here, when the person turns notifications on. */
  private async notifyChanged(): Promise<void> {
    this.said.textContent = "";
    if (!this.notify.checked) {
      localStorage.setItem(NOTIFY_KEY, "off");
      return;
    }
    if (typeof Notification === "undefined") {
      this.refuse("This browser has no notifications.");
      return;
    }
    const answer =
      Notification.permission === "default"
        ? await Notification.requestPermission()
        : Notification.permission;
    if (answer === "granted") localStorage.setItem(NOTIFY_KEY, "on");
    else this.refuse("Notifications are blocked for this site (the browser's site settings allow them).");
  }

  private refuse(words: string): void {
    this.notify.checked = false;
    localStorage.setItem(NOTIFY_KEY, "off");
    this.said.textContent = words;
  }

  private showNotification(): void {
    if (!permitted()) return;
    this.closeShown();
    try {
      const shown = new Notification("Your turn", {
        body: this.baseTitle,
        tag: "bumtable-turn",
        icon: faviconHref(true),
      });
      shown.onclick = () => {
        window.focus();
        shown.close();
      };
      this.shown = shown;
    } catch {
      // some browsers make notifications only from a service worker: the title, icon and sound still tell
    }
  }

  private closeShown(): void {
    this.shown?.close();
    this.shown = null;
  }
}

/** Whether the browser lets this page show notifications now. */
function permitted(): boolean {
  return typeof Notification !== "undefined" && Notification.permission === "granted";
}

/** The page's icon link (the server's page has one; made if missing). */
function pageIcon(): HTMLLinkElement {
  const found = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (found) return found;
  const link = el("link", { rel: "icon" });
  document.head.append(link);
  return link;
}
