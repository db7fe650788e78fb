// The WebSocket to the server: requests with ids and their answers, pushed
// messages, and reconnecting by itself after a drop (1 s, then longer, up
// to 8 s between tries). `onOpen` runs on every (re)connection, so a page
// can take its seat again; `onStatus` hears "online" and "offline" (with
// the time of the next try).

export class Conn {
  constructor({ onPush = () => {}, onOpen = async () => {}, onStatus = () => {} } = {}) {
    this.onPush = onPush;
    this.onOpen = onOpen;
    this.onStatus = onStatus;
    this.pending = new Map();
    this.id = 0;
    this.closed = false;
    this.delay = 1000;
    this.timer = null;
    this.ws = null;
    this.connect();
  }

  get online() {
    return this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  connect() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = async () => {
      this.delay = 1000;
      try {
        await this.onOpen(this);
      } finally {
        if (this.ws === ws && this.online) this.onStatus("online");
      }
    };
    ws.onmessage = (ev) => {
      let m;
      try { m = JSON.parse(ev.data); } catch (_) { return; }
      if (m.id != null && this.pending.has(m.id)) {
        const done = this.pending.get(m.id);
        this.pending.delete(m.id);
        done(m);
      } else this.onPush(m);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      for (const done of this.pending.values()) done({ type: "error", code: "offline", message: "" });
      this.pending.clear();
      if (this.closed) return;
      const at = Date.now() + this.delay;
      this.onStatus("offline", at);
      this.timer = setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(8000, this.delay * 2);
    };
  }

  /** Try again now instead of waiting. */
  retry() {
    if (!this.online && !this.closed) {
      if (this.ws) { this.ws.onclose = null; this.ws.close(); }
      this.connect();
    }
  }

  /** Send a request; resolves to its answer (an `error` when offline). */
  request(msg) {
    if (!this.online) return Promise.resolve({ type: "error", code: "offline", message: "" });
    const id = ++this.id;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
