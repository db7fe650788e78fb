// @ts-check
// One way to call the server's JSON routes from the scorekeeper and the
// tournament pages: the answer's data, or its refusal in the page's words.

import { t } from "./words.js";

/**
 * `method url` with a JSON `body` and extra `headers`; `{data}`, or `{error}`
 * with the refusal's `code` and `reason` when it has them.
 * @param {string} method
 * @param {string} url
 * @param {unknown} [body]
 * @param {Record<string, string>} [headers]
 */
export async function call(method, url, body, headers = {}) {
  let res;
  try {
    res = await fetch(url, {
      method,
      headers: { "content-type": "application/json", ...headers },
      body: body == null ? undefined : JSON.stringify(body),
    });
  } catch {
    return { error: t("offline-now") };
  }
  const data = await res.json().catch(() => ({}));
  // The server answers {code, message}: shown in the page's words by code.
  // A score sheet's refused hand also sends its `reason` as facts, for the
  // page to say exactly (keep.js).
  if (!res.ok) return { error: data.code ? t("error", { code: data.code, message: data.message || data.code }) : String(res.status), code: data.code, reason: data.reason };
  return { data };
}

/**
 * Numbers a page's loads, so that the answer to a load a later one has
 * superseded (the choice changed while it was on its way) can be dropped:
 * each call starts a load and returns whether it is still the latest, to
 * ask once its answers have come.
 * @returns {() => () => boolean}
 */
export function latestLoads() {
  let n = 0;
  return () => {
    const mine = ++n;
    return () => mine === n;
  };
}
