/** "Did you mean" suggestions for unknown names (block types, properties, enum values). */
export function levenshtein(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}

export function nearNames(name: string, candidates: readonly string[], max = 3): string[] {
  const lower = name.toLowerCase();
  const limit = Math.max(2, Math.floor(name.length / 3));
  return candidates
    .map((c) => ({
      c,
      d:
        c.toLowerCase().includes(lower) || lower.includes(c.toLowerCase())
          ? Math.min(1, levenshtein(lower, c.toLowerCase()))
          : levenshtein(lower, c.toLowerCase()),
    }))
    .filter(({ d }) => d <= limit)
    .sort((x, y) => x.d - y.d)
    .slice(0, max)
    .map(({ c }) => c);
}

export function didYouMean(name: string, candidates: readonly string[]): string | undefined {
  const near = nearNames(name, candidates);
  if (near.length === 0) return undefined;
  return `did you mean ${near.map((n) => `'${n}'`).join(" or ")}?`;
}
