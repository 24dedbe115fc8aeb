/**
 * Partial top-k selection: the k smallest items under a comparator, in order, without
 * sorting everything. A page of results needs only `hitsPerPage` items out of a run
 * that can hold thousands, so a bounded max-heap (O(n log k)) replaces a full sort
 * (O(n log n)).
 *
 * With a total order (no two items comparing equal) the result is exactly
 * `[...items].sort(cmp).slice(0, k)`; with ties it is stable like Array#sort: among
 * equal items the earlier one wins.
 */
export function topK<T>(items: ArrayLike<T>, k: number, cmp: (a: T, b: T) => number): T[] {
  const n = items.length;
  if (k <= 0 || n === 0) return [];
  if (k >= n) return Array.from(items).sort(cmp);
  // Max-heap of (item, index): the root is the worst item kept so far. Indexes break
  // ties so that the selection is stable.
  const heap: T[] = [];
  const idx: number[] = [];
  const worse = (i: number, j: number): boolean => {
    const c = cmp(heap[i], heap[j]);
    return c > 0 || (c === 0 && idx[i] > idx[j]);
  };
  const swap = (i: number, j: number): void => {
    const t = heap[i];
    heap[i] = heap[j];
    heap[j] = t;
    const u = idx[i];
    idx[i] = idx[j];
    idx[j] = u;
  };
  const siftDown = (i: number): void => {
    for (;;) {
      const l = 2 * i + 1;
      if (l >= heap.length) return;
      const r = l + 1;
      const m = r < heap.length && worse(r, l) ? r : l;
      if (!worse(m, i)) return;
      swap(i, m);
      i = m;
    }
  };
  for (let i = 0; i < n; i++) {
    const x = items[i];
    if (heap.length < k) {
      heap.push(x);
      idx.push(i);
      let c = heap.length - 1;
      while (c > 0) {
        const p = (c - 1) >> 1;
        if (!worse(c, p)) break;
        swap(c, p);
        c = p;
      }
    } else if (cmp(x, heap[0]) < 0) {
      // Strictly better than the worst kept (a tie keeps the earlier item).
      heap[0] = x;
      idx[0] = i;
      siftDown(0);
    }
  }
  const order = heap.map((_, i) => i).sort((a, b) => cmp(heap[a], heap[b]) || idx[a] - idx[b]);
  return order.map((i) => heap[i]);
}
