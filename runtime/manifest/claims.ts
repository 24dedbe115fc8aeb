/**
 * What one dealer's manifest claims that no other dealer may have: its slug, its hosts (those it
 * serves and those it redirects from: one domain answers for one dealer only) and its dealership ids (a dealership's stock and leads belong to the sites that list it). Checked
 * across all manifests every time the store swaps in a new version of one of them
 * (runtime/manifest/store.ts); pure, so it is cheap for a thousand dealers and easy to test.
 *
 * First come keeps: a slug or host held by the dealer being served stays with it, and the
 * newcomer is the one refused, with a message naming the holder's file. Without history (a
 * first start, `npm run validate`) the earlier file in alphabetical order holds.
 */

export interface ClaimVersion {
  slug: string;
  /** Lower-case hosts. */
  hosts: string[];
  /** Lower-case hosts that redirect to the first of `hosts` (held exactly like hosts). */
  redirectHosts?: string[];
  dealerships: { id: number; sharedWith: string[] }[];
}

export interface ClaimCandidate {
  /** The manifest file, as shown to people (relative path). */
  file: string;
  /** The file's version when it is valid on its own, else null. */
  current: ClaimVersion | null;
  /** The dealer's last good version, served when the current one cannot be. */
  fallback: ClaimVersion | null;
}

export interface ClaimConflict {
  pointer: string;
  message: string;
  hint?: string;
}

export interface ClaimOutcome {
  /** Which version the dealer is served with, if any. */
  chosen: "current" | "fallback" | null;
  /** Why the current version was refused (empty when it is served or invalid on its own). */
  conflicts: ClaimConflict[];
}

export interface ClaimResult {
  outcomes: Map<string, ClaimOutcome>;
  /** `slug:…` and `host:…` keys and the file holding each: the history for the next assignment. */
  holders: Map<string, string>;
}

const slugKey = (slug: string) => `slug:${slug}`;
const hostKey = (host: string) => `host:${host}`;

/** The `slug:…` and `host:…` keys a version holds (the keys of `ClaimResult.holders`). */
export function claimKeys(v: ClaimVersion): string[] {
  return keysOf(v);
}

function keysOf(v: ClaimVersion): string[] {
  return [slugKey(v.slug), ...v.hosts.map(hostKey), ...(v.redirectHosts ?? []).map(hostKey)];
}

/**
 * Decides which version of each dealer is served. `previousHolders` is the last assignment's
 * `holders` (empty on a first start): a key stays with its holder as long as the holder still
 * claims it in its current or last good version.
 */
export function assignClaims(candidates: readonly ClaimCandidate[], previousHolders: ReadonlyMap<string, string> = new Map()): ClaimResult {
  const byFile = new Map(candidates.map((c) => [c.file, c]));
  const wants = (file: string, key: string) => {
    const c = byFile.get(file);
    return !!c && [c.current, c.fallback].some((v) => v && keysOf(v).includes(key));
  };
  const reserved = new Map<string, string>();
  for (const [key, file] of previousHolders) if (wants(file, key)) reserved.set(key, file);
  const previouslyServed = new Set(reserved.values());
  // Dealers that were being served choose first (their dealership ids too), then the others by file name.
  const order = [...candidates].sort((a, b) => Number(previouslyServed.has(b.file)) - Number(previouslyServed.has(a.file)) || compare(a.file, b.file));

  const holders = new Map<string, string>();
  const dealershipHolders = new Map<number, { file: string; slug: string; sharedWith: string[] }[]>();
  const outcomes = new Map<string, ClaimOutcome>();

  const conflictsOf = (file: string, v: ClaimVersion): ClaimConflict[] => {
    const conflicts: ClaimConflict[] = [];
    const owner = (key: string) => {
      const o = holders.get(key) ?? reserved.get(key);
      return o && o !== file ? o : null;
    };
    const slugOwner = owner(slugKey(v.slug));
    if (slugOwner) conflicts.push({ pointer: "/slug", message: `slug '${v.slug}' is already used by ${slugOwner}; each dealer needs its own slug` });
    v.hosts.forEach((host, i) => {
      const o = owner(hostKey(host));
      if (o)
        conflicts.push({
          pointer: `/hosts/${i}`,
          message: `host '${host}' is already served by ${o}; it stays with that dealer until that manifest lets it go`,
        });
    });
    (v.redirectHosts ?? []).forEach((host, i) => {
      const o = owner(hostKey(host));
      if (o)
        conflicts.push({
          pointer: `/redirectHosts/${i}`,
          message: `host '${host}' is already claimed by ${o}; it stays with that dealer until that manifest lets it go`,
        });
      else if (v.hosts.includes(host))
        conflicts.push({
          pointer: `/redirectHosts/${i}`,
          message: `host '${host}' is both served (hosts) and redirected (redirectHosts); list it in one of them`,
        });
    });
    v.dealerships.forEach((d, i) => {
      for (const other of dealershipHolders.get(d.id) ?? []) {
        if (other.file === file) continue;
        if (d.sharedWith.includes(other.slug) && other.sharedWith.includes(v.slug)) continue;
        conflicts.push({
          pointer: `/dealerships/${i}/id`,
          message: `dealership ${d.id} is also listed by ${other.file}; two sites show one dealership's stock only when both manifests declare it`,
          hint: `if both sites really sell this dealership's stock, add "sharedWith": ["${other.slug}"] to this dealership and "sharedWith": ["${v.slug}"] to dealership ${d.id} in ${other.file} (docs/authoring.md)`,
        });
      }
    });
    return conflicts;
  };

  for (const c of order) {
    const currentConflicts = c.current ? conflictsOf(c.file, c.current) : [];
    let chosen: ClaimOutcome["chosen"] = null;
    if (c.current && currentConflicts.length === 0) chosen = "current";
    else if (c.fallback && conflictsOf(c.file, c.fallback).length === 0) chosen = "fallback";
    outcomes.set(c.file, { chosen, conflicts: currentConflicts });
    const v = chosen === "current" ? c.current : chosen === "fallback" ? c.fallback : null;
    if (!v) continue;
    for (const key of keysOf(v)) holders.set(key, c.file);
    for (const d of v.dealerships) {
      const list = dealershipHolders.get(d.id) ?? [];
      list.push({ file: c.file, slug: v.slug, sharedWith: d.sharedWith });
      dealershipHolders.set(d.id, list);
    }
  }
  return { outcomes, holders };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The claims of a validated manifest. */
export function claimsOf(manifest: {
  slug: string;
  hosts: string[];
  redirectHosts?: string[];
  dealerships: { id: number; sharedWith?: string[] }[];
}): ClaimVersion {
  return {
    slug: manifest.slug,
    hosts: manifest.hosts.map((h) => h.toLowerCase()),
    ...(manifest.redirectHosts?.length ? { redirectHosts: manifest.redirectHosts.map((h) => h.toLowerCase()) } : {}),
    dealerships: manifest.dealerships.map((d) => ({ id: d.id, sharedWith: d.sharedWith ?? [] })),
  };
}
