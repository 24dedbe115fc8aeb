/** The stock generator's deterministic random helpers, on the platform's mulberry32 generator. */
import { mulberry32, seedFrom } from "../../runtime/stock/prng";

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number;
  /** Uniform float in [min, max). */
  float(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** Approximately normal (mean 0, sd 1), by summing uniforms. */
  gauss(): number;
  /** n distinct items in random order (n clamped to the list length). */
  sample<T>(items: readonly T[], n: number): T[];
}

export function createRng(seed: string | number): Rng {
  const next = mulberry32(seedFrom(seed));
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (items) => {
      let total = 0;
      for (const [, w] of items) total += w;
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1][0];
    },
    gauss: () => (next() + next() + next() + next() + next() + next() - 3) * Math.SQRT2,
    sample: (items, n) => {
      const copy = items.slice();
      const k = Math.min(n, copy.length);
      for (let i = 0; i < k; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        const t = copy[i];
        copy[i] = copy[j];
        copy[j] = t;
      }
      return copy.slice(0, k);
    },
  };
  return rng;
}
