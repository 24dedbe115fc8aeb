/**
 * The campaign parameters worth keeping with a lead (utm_* and ad click ids) from a page's query:
 * the browser forms read them from the landing URL, a plain form post from its page's URL. Pure.
 */
const LINKED = /^(utm_[a-z0-9_]+|gclid|gbraid|wbraid|fbclid|msclkid|dclid|ttclid|li_fat_id|mc_cid|mc_eid|ref|referrer|source|campaign)$/i;

/** The query parameters worth keeping with a lead (utm_* and ad click ids), at most 50, values capped at 500 characters. */
export function linkedParamsOf(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [k, v] of new URLSearchParams(search)) {
    if (!LINKED.test(k) || k.length > 100 || n >= 50) continue;
    if (!(k in out)) n++;
    out[k] = v.slice(0, 500);
  }
  return out;
}
