// The socket's `whenReady`: what waits for a connection runs once the
// next one has opened and the page has taken its seat again (`onOpen`),
// not before, and at once when already connected.
import { test } from "node:test";
import assert from "node:assert/strict";

class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static made = [];
  constructor(url) {
    this.url = url;
    this.readyState = FakeSocket.CONNECTING;
    this.sent = [];
    FakeSocket.made.push(this);
  }
  send(data) { this.sent.push(JSON.parse(data)); }
  close() { this.readyState = 3; }
  open() { this.readyState = FakeSocket.OPEN; return this.onopen(); }
  drop() { this.readyState = 3; this.onclose(); }
}

globalThis.WebSocket = /** @type {any} */ (FakeSocket);
globalThis.location = /** @type {any} */ ({ protocol: "http:", host: "127.0.0.1:1" });
const { Conn } = await import("../conn.js");

test("what waits for the connection runs after the reconnection's onOpen, once", async () => {
  FakeSocket.made = [];
  const order = [];
  const conn = new Conn({ onOpen: async () => { order.push("open"); } });
  try {
    let ran = 0;
    conn.whenReady(() => { ran++; order.push("ready"); });
    assert.equal(ran, 0, "not before the socket opens");
    await FakeSocket.made[0].open();
    assert.deepEqual(order, ["open", "ready"]);
    // Already connected: at once.
    conn.whenReady(() => { ran++; });
    assert.equal(ran, 2);
    // Dropped: queued until the next socket opens, and run only then.
    FakeSocket.made[0].drop();
    conn.whenReady(() => { ran++; order.push("again"); });
    assert.equal(ran, 2);
    conn.retry();
    await FakeSocket.made[FakeSocket.made.length - 1].open();
    assert.equal(ran, 3);
    assert.deepEqual(order, ["open", "ready", "open", "again"]);
  } finally {
    conn.close();
  }
});
