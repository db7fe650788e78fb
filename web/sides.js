// @ts-check
// Which side a seat plays for: the one place the page decides it. The
// engine's rule (partners sit across: seat s plays for side s % sides)
// is followed here until the server's table facts state each seat's side
// themselves (`sides`), which are read first when present.

/**
 * The side of `seat` where `sides` sides share `players` seats.
 * @param {number} seat
 * @param {number} sides
 * @param {{ sides?: number[] } | null} [facts] the server's table facts, when at hand
 * @returns {number}
 */
export function sideOf(seat, sides, facts = null) {
  const given = facts && facts.sides;
  if (Array.isArray(given) && given[seat] != null) return given[seat];
  return sides > 0 ? seat % sides : seat;
}

/**
 * The seats of side `k`, in seat order.
 * @param {number} k
 * @param {number} sides
 * @param {number} players
 * @param {{ sides?: number[] } | null} [facts]
 * @returns {number[]}
 */
export function seatsOf(k, sides, players, facts = null) {
  const seats = [];
  for (let s = 0; s < players; s++) if (sideOf(s, sides, facts) === k) seats.push(s);
  return seats;
}
