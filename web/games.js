// What the page needs to know about a game, from the rules as the state
// shows them (every option filled in): how the score is kept and to what,
// partnerships, the shape of the layout, claims. No words here (words.js).

const LOVE = { jamaican: 6, cutthroat: 6, chiva: 4 };

export function facts(rules, sides) {
  const o = rules.options || {};
  const preset = rules.preset;
  const players = rules.players;
  const partners = sides != null ? sides < players : isPartners(rules);
  let score;
  if (LOVE[preset]) score = { kind: "love", goal: LOVE[preset], resetsWhenAllScored: !partners };
  else if (preset === "french") score = { kind: "penalty", goal: o.target ?? 100, lowWins: true };
  else if (preset === "club-fives") score = { kind: "pegs", goal: o.target ?? 61, skunkBelow: 31 };
  else score = { kind: "points", goal: o.target ?? 100 };
  const layout = preset === "double-nine-cross" ? "branches"
    : preset === "french" ? "arms"
    : preset === "cross" ? "cross"
    : preset === "club-fives" ? "spinner" : "line";
  return {
    preset, players, partners, score, layout,
    branches: layout === "branches",
    claims: o.claims && o.claims !== "auto" ? o.claims : null,
    maxPip: o.set != null ? o.set : preset === "double-nine-cross" ? 9 : 6,
  };
}

function isPartners(rules) {
  const o = rules.options || {};
  if (rules.players !== 4) return false;
  if (["jamaican", "chiva", "puerto-rican"].includes(rules.preset)) return true;
  return o.partners === true;
}

/** Where each seat sits around the table, seen from `me` (bottom). */
export function placeSeats(players, me) {
  const others = [];
  for (let k = 1; k < players; k++) others.push((me + k) % players);
  const spots = {
    1: ["top"],
    2: ["left", "right"],
    3: ["left", "top", "right"],
    4: ["left", "top", "top", "right"],
    5: ["left", "top", "top", "top", "right"],
    6: ["left", "left", "top", "top", "right", "right"],
    7: ["left", "left", "top", "top", "top", "right", "right"],
  }[others.length] || others.map(() => "top");
  const place = { [me]: "bottom" };
  others.forEach((s, i) => (place[s] = spots[i]));
  return place;
}
