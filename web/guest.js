// @ts-check
// A guest's browser id: made at random once and kept, so that the server
// knows a guest again (their puzzle rating, their one seek at a time)
// without a profile.

import { guestId } from "./puzzles/model.js";

const GUEST_KEY = "domino.guest";

export function guest() {
  let kept = null;
  try { kept = localStorage.getItem(GUEST_KEY); } catch { /* private mode: a new id each visit */ }
  const id = guestId(kept, () => crypto.getRandomValues(new Uint8Array(16)));
  try { localStorage.setItem(GUEST_KEY, id); } catch { /* as above */ }
  return id;
}
