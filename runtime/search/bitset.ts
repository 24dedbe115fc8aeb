/**
 * Fixed-size bitsets over document numbers (0..size-1), the currency of the engine:
 * filters, text matches and hit sets are bitsets, combined with word-wise AND/OR/NOT.
 * 100,000 documents take 3,125 words (12.5 kB), so a whole-set operation is a few
 * microseconds.
 */
export class Bitset {
  readonly words: Uint32Array;
  readonly size: number;

  constructor(size: number, words?: Uint32Array) {
    this.size = size;
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
  }

  static empty(size: number): Bitset {
    return new Bitset(size);
  }

  static full(size: number): Bitset {
    const b = new Bitset(size);
    b.words.fill(0xffffffff);
    b.maskTail();
    return b;
  }

  static fromDocs(size: number, docs: ArrayLike<number>): Bitset {
    const b = new Bitset(size);
    const w = b.words;
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i];
      w[d >>> 5] |= 1 << (d & 31);
    }
    return b;
  }

  private maskTail(): void {
    const rem = this.size & 31;
    if (rem !== 0) this.words[this.words.length - 1] &= 0xffffffff >>> (32 - rem);
  }

  set(i: number): void {
    this.words[i >>> 5] |= 1 << (i & 31);
  }

  has(i: number): boolean {
    return (this.words[i >>> 5] & (1 << (i & 31))) !== 0;
  }

  clone(): Bitset {
    return new Bitset(this.size, this.words.slice());
  }

  and(other: Bitset): Bitset {
    return this.clone().andInPlace(other);
  }

  or(other: Bitset): Bitset {
    return this.clone().orInPlace(other);
  }

  andNot(other: Bitset): Bitset {
    const out = this.clone();
    const a = out.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i] &= ~b[i];
    return out;
  }

  not(): Bitset {
    const out = new Bitset(this.size);
    const a = this.words;
    const o = out.words;
    for (let i = 0; i < a.length; i++) o[i] = ~a[i];
    out.maskTail();
    return out;
  }

  andInPlace(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i] &= b[i];
    return this;
  }

  orInPlace(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i] |= b[i];
    return this;
  }

  count(): number {
    const a = this.words;
    let c = 0;
    for (let i = 0; i < a.length; i++) {
      let v = a[i];
      v = v - ((v >>> 1) & 0x55555555);
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      c += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return c;
  }

  /** Set bits in increasing order. */
  toArray(): Uint32Array {
    const out = new Uint32Array(this.count());
    let k = 0;
    const a = this.words;
    for (let i = 0; i < a.length; i++) {
      let v = a[i];
      while (v !== 0) {
        const t = v & -v;
        out[k++] = (i << 5) + (31 - Math.clz32(t));
        v ^= t;
      }
    }
    return out;
  }

  forEach(fn: (doc: number) => void): void {
    const a = this.words;
    for (let i = 0; i < a.length; i++) {
      let v = a[i];
      while (v !== 0) {
        const t = v & -v;
        fn((i << 5) + (31 - Math.clz32(t)));
        v ^= t;
      }
    }
  }
}
