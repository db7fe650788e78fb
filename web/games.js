// @ts-check
// What the page needs to know about a game, as the server states it (the
// engine's TableFacts, read off the resolved rules): how the score is kept
// and to what, partnerships, the shape of the layout, claims. The page
// decides none of it from a game's name. No words here (words.js).

/**
 * The server's `facts` in the page's terms.
 * @param {import("./types/TableFacts").TableFacts} f
 */
export function facts(f) {
  const s = f.score;
  // The trains family plays a number of hands, the lowest total winning:
  // its goal is that count.
  /** @type {{ kind: string, goal: number, resetsWhenAllScored?: boolean, lowWins?: boolean, skunkBelow?: number }} */
  const score = { kind: s.kind, goal: s.kind === "hands" ? s.hands : s.goal };
  if (s.kind === "hands") score.lowWins = true;
  if (s.kind === "love") score.resetsWhenAllScored = s.resets_when_all_scored;
  if (s.kind === "penalty") score.lowWins = true;
  if (s.kind === "pegs" && s.skunk_below != null) score.skunkBelow = s.skunk_below;
  return {
    players: f.players,
    partners: f.partners,
    score,
    layout: f.layout,
    branches: f.layout === "branches",
    claims: f.claims || null,
    draws: f.draws,
    maxPip: f.max_pip,
    blockedByTeam: f.blocked_by_team,
    // Each seat's side, once the server's facts state it (sides.js reads it).
    seatSides: /** @type {{ sides?: number[] }} */ (f).sides ?? null,
  };
}

/**
 * Where each seat sits around the table, seen from `me` (bottom).
 * @param {number} players
 * @param {number} me
 * @returns {Record<number, "top" | "left" | "right" | "bottom">}
 */
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
  /** @type {Record<number, "top" | "left" | "right" | "bottom">} */
  const place = { [me]: "bottom" };
  others.forEach((s, i) => (place[s] = spots[i]));
  return place;
}
