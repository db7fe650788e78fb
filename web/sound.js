// @ts-check
// Optional sounds for a play, a pass and your turn: short tones made with
// Web Audio (no files to load). Off by default; the choice is remembered.

const KEY = "domino.sound";
let ctx = null;

export const soundOn = () => localStorage.getItem(KEY) === "on";

/**
 * @param {boolean} on
 */
export function setSound(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
  document.documentElement.dataset.sound = on ? "on" : "off";
  if (on) audio();
}

function audio() {
  if (!ctx) {
    // Older Safari names it with its prefix.
    const AC = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

const TONES = {
  play: [[220, 0, 0.07, "triangle"]],
  pass: [[392, 0, 0.09, "sine"], [330, 0.1, 0.12, "sine"]],
  turn: [[660, 0, 0.1, "sine"], [880, 0.11, 0.16, "sine"]],
};

/**
 * Play the sound for `kind` (play, pass, turn) when sounds are on.
 * @param {string} kind
 */
export function sound(kind) {
  if (!soundOn()) return;
  // What was played last, for the browser tests (and curious players).
  document.documentElement.dataset.lastSound = kind;
  document.documentElement.dataset.sounds = String(Number(document.documentElement.dataset.sounds || 0) + 1);
  const ac = audio();
  if (!ac) return;
  for (const [freq, at, len, type] of TONES[kind] || []) {
    const o = ac.createOscillator(), g = ac.createGain();
    o.type = type;
    o.frequency.value = freq;
    const t0 = ac.currentTime + at;
    g.gain.setValueAtTime(0.0001, t0);
    g.gain.exponentialRampToValueAtTime(0.2, t0 + 0.01);
    g.gain.exponentialRampToValueAtTime(0.0001, t0 + len);
    o.connect(g).connect(ac.destination);
    o.start(t0);
    o.stop(t0 + len + 0.02);
  }
}
