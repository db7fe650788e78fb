// @ts-check
// What the browser remembers: the player's name, a seat token per table,
// the tournament a table belongs to, and settings.

export const store = {
  get name() { return localStorage.getItem("domino.name") || ""; },
  set name(v) { localStorage.setItem("domino.name", v); },
  token(table) { return localStorage.getItem("domino.token." + table); },
  setToken(table, tok) { localStorage.setItem("domino.token." + table, tok); },
  dropToken(table) { localStorage.removeItem("domino.token." + table); },
  // The tournament a table was opened from (its page remembers it), so
  // that the table's end leads back there rather than to a rematch.
  tournamentOf(table) { return localStorage.getItem("domino.tournament." + table); },
  setTournamentOf(table, tournament) { localStorage.setItem("domino.tournament." + table, tournament); },
  get autoPass() { return localStorage.getItem("domino.autopass") !== "off"; },
  set autoPass(on) { localStorage.setItem("domino.autopass", on ? "on" : "off"); },
  get level() { return localStorage.getItem("domino.level") || "heuristic"; },
  set level(v) { localStorage.setItem("domino.level", v); },
  get game() { return localStorage.getItem("domino.game") || "jamaican"; },
  set game(v) { localStorage.setItem("domino.game", v); },
};
