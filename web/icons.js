// @ts-check
// Small inline SVG icons and emote faces. The page draws its own symbols
// instead of relying on emoji glyphs: many systems (and the test browser)
// have no emoji font, and an emoji without one shows as an empty box.

import { el } from "./draw.js";

// Drawings on a 24 by 24 grid: [element, attributes] lists. Marks take
// the text's colour (currentColor); faces and the trophy have their own.
const LINE = { fill: "none", stroke: "currentColor", "stroke-width": 2.2, "stroke-linecap": "round", "stroke-linejoin": "round" };
const FACE = { fill: "#ffd43b", stroke: "#6b4e00", "stroke-width": 1.4 };
const INK = { fill: "#4a3500" };
const INKLINE = { fill: "none", stroke: "#4a3500", "stroke-width": 1.6, "stroke-linecap": "round" };
const EYES = [["circle", { cx: 8.5, cy: 9.5, r: 1.4, ...INK }], ["circle", { cx: 15.5, cy: 9.5, r: 1.4, ...INK }]];
const HEAD = ["circle", { cx: 12, cy: 12, r: 10, ...FACE }];

const DRAWINGS = {
  lock: [["rect", { x: 5, y: 10.5, width: 14, height: 10, rx: 2, fill: "currentColor" }],
    ["path", { d: "M8 10.5V7.5a4 4 0 0 1 8 0v3", ...LINE }]],
  tick: [["path", { d: "M4.5 12.5l5 5 10-11", ...LINE, "stroke-width": 2.8 }]],
  cross: [["path", { d: "M6 6l12 12M18 6L6 18", ...LINE, "stroke-width": 2.8 }]],
  trophy: [["path", { d: "M7 3h10v6a5 5 0 0 1-10 0z", fill: "#e8b400", stroke: "#7a5b00", "stroke-width": 1.2 }],
    ["path", { d: "M7 5H4a3 3 0 0 0 3 5M17 5h3a3 3 0 0 1-3 5", fill: "none", stroke: "#7a5b00", "stroke-width": 1.6 }],
    ["rect", { x: 10.5, y: 13.5, width: 3, height: 4, fill: "#e8b400" }],
    ["rect", { x: 7, y: 17.5, width: 10, height: 3.5, rx: 1, fill: "#7a5b00" }]],
  // A domino standing up: the brand mark.
  domino: [["rect", { x: 6.5, y: 1.5, width: 11, height: 21, rx: 2, fill: "#fffdf5", stroke: "currentColor", "stroke-width": 1.4 }],
    ["path", { d: "M8 12h8", stroke: "#333", "stroke-width": 1.2 }],
    ["circle", { cx: 12, cy: 6.75, r: 1.5, fill: "#222" }],
    ["circle", { cx: 9.5, cy: 15, r: 1.3, fill: "#222" }], ["circle", { cx: 14.5, cy: 15, r: 1.3, fill: "#222" }],
    ["circle", { cx: 9.5, cy: 19.5, r: 1.3, fill: "#222" }], ["circle", { cx: 14.5, cy: 19.5, r: 1.3, fill: "#222" }]],
  // The emotes.
  thumbs: [["path", { d: "M3 11h4v10H3z", fill: "#e8a33c", stroke: "#6b4e00", "stroke-width": 1.2 }],
    ["path", { d: "M7 11l4-8c1.6 0 2.6 1.2 2.2 3l-.8 3.5H19a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 17.8 21H7z", fill: "#ffc83d", stroke: "#6b4e00", "stroke-width": 1.2, "stroke-linejoin": "round" }]],
  grin: [HEAD, ...EYES, ["path", { d: "M6.5 13.5h11a5.5 5.5 0 0 1-11 0z", fill: "#fff", stroke: "#4a3500", "stroke-width": 1.4 }]],
  wow: [HEAD, ...EYES, ["ellipse", { cx: 12, cy: 16, rx: 2.4, ry: 3, ...INK }]],
  phew: [HEAD, ["path", { d: "M6.5 10.5q2-2 4 0M13.5 10.5q2-2 4 0", ...INKLINE }],
    ["path", { d: "M7.5 14.5h9a4.5 4.5 0 0 1-9 0z", fill: "#fff", stroke: "#4a3500", "stroke-width": 1.3 }],
    ["path", { d: "M19.5 2.5q-2.5 3.5-2.5 5a2.5 2.5 0 0 0 5 0q0-1.5-2.5-5z", fill: "#5bc0f8", stroke: "#1c6fa0", "stroke-width": 1 }]],
  party: [["path", { d: "M3 21l5-14 9 9z", fill: "#f08c00", stroke: "#7a4200", "stroke-width": 1.2, "stroke-linejoin": "round" }],
    ["path", { d: "M13 6q1-3 4-3M16 10q3-1 5 1M11 4l.5-2", fill: "none", stroke: "#d6336c", "stroke-width": 1.6, "stroke-linecap": "round" }],
    ["circle", { cx: 19, cy: 6, r: 1.2, fill: "#1c7ed6" }], ["circle", { cx: 20, cy: 15, r: 1.2, fill: "#2f9e44" }],
    ["circle", { cx: 8, cy: 3, r: 1.2, fill: "#ae3ec9" }]],
  shake: [["path", { d: "M1.5 9l4-2 4 2 3-2 5 1 5 2-1 6-3 2-4 3-3-1-3-3-4-1z", fill: "#ffc83d", stroke: "#6b4e00", "stroke-width": 1.2, "stroke-linejoin": "round" }],
    ["path", { d: "M9.5 9l-2 3 1.5 1 3-2 5 5M12 18l-2-2M14.5 19.5l-2.5-2.5", fill: "none", stroke: "#6b4e00", "stroke-width": 1.2, "stroke-linecap": "round" }]],
};

/** An icon by name, sized by the surrounding text (style.css); with a
 * @param {string} name
 * @param {string | null} [label]
 */
export function icon(name, label = null) {
  const svg = el("svg", { viewBox: "0 0 24 24", class: "icon icon-" + name, width: 24, height: 24 });
  if (label) { svg.setAttribute("role", "img"); svg.setAttribute("aria-label", label); el("title", {}, svg).textContent = label; }
  else svg.setAttribute("aria-hidden", "true");
  for (const [tag, attrs] of DRAWINGS[name] || []) el(tag, attrs, svg);
  return svg;
}

/** The quick-chat emotes: what is sent (the emoji, as other clients show
 * it) and the face this page draws for it. */
export const EMOTES = [
  { text: "\u{1F44D}", face: "thumbs" },
  { text: "\u{1F604}", face: "grin" },
  { text: "\u{1F62E}", face: "wow" },
  { text: "\u{1F605}", face: "phew" },
  { text: "\u{1F389}", face: "party" },
  { text: "\u{1F91D}", face: "shake" },
];

/** The emote a chat line is, if it is exactly one. */
export const emoteOf = (text) => EMOTES.find((e) => e.text === text) || null;
