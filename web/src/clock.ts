/**
 * The turn clock as a frame tells it (``clock``: each seat's bank in seconds, ``null`` for a bot's seat, and the
 * seat whose clock runs), counted down locally between frames.
 */

export interface Clock {
  banks: (number | null)[];
  running: number | null;
}

/** The frame's ``clock`` when it is one (anything else: no clock). */
export function readClock(value: unknown): Clock | null {
  if (typeof value !== "object" || value === null) return null;
  const { banks, running } = value as { banks?: unknown; running?: unknown };
  if (!Array.isArray(banks)) return null;
  return {
    banks: banks.map((b) => (typeof b === "number" ? b : null)),
    running: typeof running === "number" ? running : null,
  };
}

/** Seconds as ``m:ss`` (rounded up: a bank shows 0:00 only once it is spent). */
export function formatBank(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, "0")}`;
}

/**
 * A bank as the seats bar shows it, in words ("4:59 left (running)"): the stopwatch emoji is an empty box where
 * no emoji font is installed, so the mark beside it is drawn by CSS (style.css, ``.bank::before``).
 */
export function bankText(seconds: number, running: boolean): string {
  return `${formatBank(seconds)} left${running ? " (running)" : ""}`;
}

/** Under this many seconds, the viewer's own running clock is marked and said once a turn. */
export const LOW_TIME = 10;

/** Whether a bank is low: running, and under ``LOW_TIME`` seconds. */
export function isLow(seconds: number | null, running: boolean): boolean {
  return running && seconds !== null && seconds < LOW_TIME;
}

/**
 * Says once a turn that the viewer's own clock went under ``LOW_TIME`` seconds (a live region reads it out):
 * each later tick of the same turn says nothing, and the clock stopping (the turn over) makes it ready again.
 */
export class LowTimeWarning {
  private warned: number | null = null;

  /** The words to say now for the turn at frame step ``turn``, or null (not low, or said already). */
  due(turn: number, seconds: number | null, running: boolean): string | null {
    if (!running) this.warned = null;
    if (!isLow(seconds, running) || this.warned === turn) return null;
    this.warned = turn;
    return `${LOW_TIME} seconds left`;
  }
}

/** A seat's bank now, ``elapsed`` seconds after the frame: only the running seat's bank goes down. */
export function bankNow(clock: Clock, seat: number, elapsed: number): number | null {
  const bank = clock.banks[seat] ?? null;
  if (bank === null) return null;
  return clock.running === seat ? Math.max(0, bank - elapsed) : bank;
}

/** Counts the running bank down between frames: ``set`` with each frame's clock (the last ticker is stopped). */
export class ClockTicker {
  private clock: Clock | null = null;
  private since = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly onTick: () => void) {}

  set(clock: Clock | null): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.clock = clock;
    this.since = Date.now();
    if (clock !== null && clock.running !== null) this.timer = setInterval(this.onTick, 500);
  }

  get current(): Clock | null {
    return this.clock;
  }

  /** The seat's bank as shown now (``null``: no clock, or none for this seat). */
  bank(seat: number): number | null {
    if (this.clock === null) return null;
    return bankNow(this.clock, seat, (Date.now() - this.since) / 1000);
  }

  stop(): void {
    this.set(null);
  }
}

/** A turn clock as the table request's ``settings.clock`` takes it: seconds a seat starts with, seconds a move. */
export interface ClockSetting {
  bank: number;
  increment: number;
}

/** The lobby's "Turn clock" choices: none, two common ones (minutes + seconds a move), or the person's own. */
export const CLOCK_CHOICES: { value: string; words: string; clock: ClockSetting | null }[] = [
  { value: "none", words: "None", clock: null },
  { value: "5+5", words: "5 min + 5 s a move", clock: { bank: 300, increment: 5 } },
  { value: "10+10", words: "10 min + 10 s a move", clock: { bank: 600, increment: 10 } },
  { value: "custom", words: "Custom...", clock: null },
];

/** The longest bank the lobby offers: a day (a longer one is no clock). */
export const MOST_MINUTES = 24 * 60;

/**
 * The clock a lobby choice asks for (``null``: none); a custom one from its fields' text (minutes, seconds a
 * move). Bad custom text throws an Error saying what was wrong.
 */
export function clockChoice(choice: string, minutes: string, seconds: string): ClockSetting | null {
  if (choice !== "custom") {
    const known = CLOCK_CHOICES.find((c) => c.value === choice);
    if (!known) throw new Error(`Turn clock: no choice "${choice}"`);
    return known.clock;
  }
  const bank = Number(minutes);
  const increment = seconds.trim() === "" ? 0 : Number(seconds);
  if (minutes.trim() === "" || !Number.isFinite(bank) || bank <= 0 || bank > MOST_MINUTES)
    throw new Error(`Turn clock: the minutes are a number above 0, at most ${String(MOST_MINUTES)}`);
  if (!Number.isFinite(increment) || increment < 0 || increment > 3600)
    throw new Error("Turn clock: the seconds a move are a number from 0 to 3600");
  return { bank: Math.round(bank * 60 * 1000) / 1000, increment };
}
