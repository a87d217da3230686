/**
 * The WebSocket to a table: opened with the seat's token (none: a spectator) from the next event not seen, and
 * opened again by itself when it is lost (the server then sends what was missed, nothing twice).
 */

import { readServerMessage, type ServerMessage } from "./protocol";

export class TableConnection {
  private socket: WebSocket | null = null;
  private next = 0;
  private closedByUs = false;
  private retries = 0;

  constructor(
    private readonly tableId: string,
    private readonly token: string | null,
    /** The seat's name as the player gave it (sent with a seat's token only; null: none). */
    private readonly name: string | null,
    private readonly onMessage: (message: ServerMessage) => void,
    private readonly onStatus: (status: "open" | "lost" | "closed", detail?: string, code?: number) => void,
  ) {}

  open(): void {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams({ since: String(this.next) });
    if (this.token) query.set("token", this.token);
    if (this.token && this.name) query.set("name", this.name);
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.tableId}?${query}`);
    this.socket = socket;
    socket.onopen = () => {
      this.retries = 0;
      this.onStatus("open");
    };
    socket.onmessage = (event: MessageEvent<string>) => {
      const message = readServerMessage(event.data);
      if (message.type === "state") this.next = message.next;
      this.onMessage(message);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.closedByUs) return;
      if (event.code >= 4400 && event.code < 4500) {
        this.onStatus("closed", event.reason, event.code);
        return;
      }
      this.onStatus("lost");
      const delay = Math.min(10_000, 300 * 2 ** this.retries++);
      setTimeout(() => this.open(), delay);
    };
  }

  send(text: string): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(text);
  }

  close(): void {
    this.closedByUs = true;
    this.socket?.close();
  }
}
