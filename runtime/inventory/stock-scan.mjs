// A stock file's cars found in its bytes without parsing them (stock-read-worker.mjs): where each
// element of the file's top-level array starts and ends, and, for each car (an object), where the
// members of the keys the index reads start and end (`"make": "Toyota"`, as written). The reader
// copies those byte ranges to the records' file and to the batches as they are.
//
// Why not JSON.parse: the reader parsed every car and serialised it again (whole for the records'
// file, cut down for the batch), about 10 ns a byte and most of the reader's garbage; this is one
// pass over the bytes, about 1 ns a byte, allocating nothing per value. It still validates: bytes
// it accepts are JSON as JSON.parse accepts it (strings, escapes, numbers, literals, nesting, and
// nothing after the top-level value), so a broken file fails the read as before, naming the byte.
//
// Plain JavaScript, for the worker (see stock-read-worker.mjs).

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** @param {number} c */
const isDigit = (c) => c >= 0x30 && c <= 0x39;
/** @param {number} c */
const isHex = (c) => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

const HTTPS = Buffer.from("https:");
const LITERALS = { 0x74: Buffer.from("true"), 0x66: Buffer.from("false"), 0x6e: Buffer.from("null") };

/**
 * @typedef {{ count: number, start: number[], end: number[], fieldsFrom: number[], fieldsTo: number[], fields: number[] }} ScannedCars
 * Car c is bytes start[c] .. end[c]; its kept members are fields[f] .. fields[f + 1] for f from
 * fieldsFrom[c] to fieldsTo[c] in steps of 2 (fieldsFrom[c] is -1 when the car is to be taken whole).
 */

/**
 * The cars of a stock file's bytes (a JSON array; any other JSON value holds no cars, as before).
 * `keys`: the top-level keys whose members are kept (null: every car whole). `onUrl` is called with
 * every string value, at any depth, that starts with https:// (the photos' hosts), keys excepted.
 * Throws a SyntaxError when the bytes are not JSON.
 * @param {Buffer} b
 * @param {{ keys: readonly string[] | null, onUrl: ((url: string) => void) | null }} options
 * @returns {ScannedCars}
 */
export function scanStockFile(b, { keys, onUrl }) {
  return new Scanner(b, keys, onUrl).file();
}

class Scanner {
  /** @param {Buffer} b @param {readonly string[] | null} keys @param {((url: string) => void) | null} onUrl */
  constructor(b, keys, onUrl) {
    this.b = b;
    this.n = b.length;
    this.i = 0;
    /** Whether the string just scanned held an escape. */
    this.escaped = false;
    this.keys = keys;
    this.onUrl = onUrl;
    this.keySet = new Set(keys ?? []);
    /** @type {Map<number, Buffer[]>} the kept keys by their length in bytes */
    this.byLength = new Map();
    for (const k of this.keySet) {
      const bytes = Buffer.from(k);
      const list = this.byLength.get(bytes.length);
      if (list) list.push(bytes);
      else this.byLength.set(bytes.length, [bytes]);
    }
  }

  /** @param {string} what @returns {never} */
  fail(what) {
    throw new SyntaxError(`${what} at byte ${this.i} of a stock file`);
  }

  ws() {
    const b = this.b;
    let i = this.i;
    while (i < this.n) {
      const c = b[i];
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
    this.i = i;
  }

  /** A string at b[i] === '"'; i ends after its closing quote. */
  string() {
    const b = this.b;
    const n = this.n;
    let i = this.i + 1;
    this.escaped = false;
    for (;;) {
      if (i >= n) {
        this.i = i;
        this.fail("an unterminated string");
      }
      const c = b[i];
      if (c === QUOTE) {
        this.i = i + 1;
        return;
      }
      if (c === BACKSLASH) {
        this.escaped = true;
        const e = b[i + 1];
        if (e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) i += 2;
        else if (e === 0x75 && isHex(b[i + 2]) && isHex(b[i + 3]) && isHex(b[i + 4]) && isHex(b[i + 5])) i += 6;
        else {
          this.i = i;
          this.fail("a bad escape");
        }
        continue;
      }
      if (c < 0x20) {
        this.i = i;
        this.fail("a control character in a string");
      }
      i++;
    }
  }

  /** Digits at i, at least one. */
  digits() {
    const b = this.b;
    if (!isDigit(b[this.i])) this.fail("a bad number");
    while (isDigit(b[this.i])) this.i++;
  }

  number() {
    const b = this.b;
    if (b[this.i] === 0x2d) this.i++;
    if (b[this.i] === 0x30) this.i++;
    else this.digits();
    if (b[this.i] === 0x2e) {
      this.i++;
      this.digits();
    }
    if (b[this.i] === 0x65 || b[this.i] === 0x45) {
      this.i++;
      if (b[this.i] === 0x2b || b[this.i] === 0x2d) this.i++;
      this.digits();
    }
  }

  /** A string value: reported to onUrl when it starts with https:// (decoded, as JSON.parse would). */
  stringValue() {
    const b = this.b;
    const s = this.i;
    this.string();
    if (!this.onUrl) return;
    const e = this.i;
    // Raw "https:", or an escape (a feed may write https:\/\/…, or escape a letter).
    const raw = b[s + 1] === 0x68 && b.compare(HTTPS, 0, 6, s + 1, Math.min(s + 7, e)) === 0;
    if (!raw && !(this.escaped && (b[s + 1] === BACKSLASH || b[s + 1] === 0x68))) return;
    const text = this.escaped ? JSON.parse(b.toString("utf8", s, e)) : b.toString("utf8", s + 1, e - 1);
    if (text.startsWith("https://")) this.onUrl(text);
  }

  /** The literal true, false or null at i. */
  literal() {
    const b = this.b;
    const word = LITERALS[/** @type {0x74 | 0x66 | 0x6e} */ (b[this.i])];
    if (!word || this.i + word.length > this.n || b.compare(word, 0, word.length, this.i, this.i + word.length) !== 0) this.fail("an unexpected character");
    this.i += word.length;
  }

  /**
   * The members of an object at b[i] === '{'; `member(ks)` is called after each one's value, with
   * where its key started. @param {number} depth @param {((ks: number, keyEscaped: boolean, keyEnd: number) => void) | null} member
   */
  object(depth, member) {
    this.i++;
    this.ws();
    if (this.b[this.i] === 0x7d) {
      this.i++;
      return;
    }
    for (;;) {
      this.ws();
      if (this.b[this.i] !== QUOTE) this.fail("a missing key");
      const ks = this.i;
      this.string();
      const keyEnd = this.i;
      const keyEscaped = this.escaped;
      this.ws();
      if (this.b[this.i] !== 0x3a) this.fail("a missing colon");
      this.i++;
      this.ws();
      this.value(depth + 1);
      if (member) member(ks, keyEscaped, keyEnd);
      if (this.endOf(0x7d)) return;
    }
  }

  /** After an element: a comma (false) or the closing `close` (true, passed). @param {number} close */
  endOf(close) {
    this.ws();
    const c = this.b[this.i];
    if (c === 0x2c) {
      this.i++;
      return false;
    }
    if (c === close) {
      this.i++;
      return true;
    }
    return this.fail(close === 0x7d ? "a missing comma or brace" : "a missing comma or bracket");
  }

  /** The elements of an array at b[i] === '['; `element(start)` after each one. @param {number} depth @param {((start: number) => void) | null} element */
  array(depth, element) {
    this.i++;
    this.ws();
    if (this.b[this.i] === 0x5d) {
      this.i++;
      return;
    }
    for (;;) {
      this.ws();
      const start = this.i;
      if (element) element(start);
      else this.value(depth + 1);
      if (this.endOf(0x5d)) return;
    }
  }

  /** Any value at b[i]; i ends after it. @param {number} depth */
  value(depth) {
    if (depth > 512) this.fail("nesting too deep");
    const c = this.b[this.i];
    if (c === QUOTE) this.stringValue();
    else if (c === 0x7b) this.object(depth, null);
    else if (c === 0x5b) this.array(depth, null);
    else if (c === 0x2d || isDigit(c)) this.number();
    else this.literal();
  }

  /** Whether the key b[ks .. ke) (quotes included) is one whose member is kept. @param {number} ks @param {number} ke @param {boolean} escaped */
  kept(ks, ke, escaped) {
    const b = this.b;
    if (escaped) return this.keySet.has(JSON.parse(b.toString("utf8", ks, ke)));
    const list = this.byLength.get(ke - ks - 2);
    if (!list) return false;
    for (const k of list) {
      let j = 0;
      while (j < k.length && k[j] === b[ks + 1 + j]) j++;
      if (j === k.length) return true;
    }
    return false;
  }

  /** The whole file: its cars and their kept members. @returns {ScannedCars} */
  file() {
    /** @type {ScannedCars} */
    const out = { count: 0, start: [], end: [], fieldsFrom: [], fieldsTo: [], fields: [] };
    this.ws();
    if (this.b[this.i] !== 0x5b) {
      // Not an array: no cars, once it is known to be JSON at all.
      JSON.parse(this.b.toString("utf8"));
      return out;
    }
    const member = (/** @type {number} */ ks, /** @type {boolean} */ escaped, /** @type {number} */ ke) => {
      if (this.kept(ks, ke, escaped)) out.fields.push(ks, this.i);
    };
    this.array(0, (start) => {
      if (this.keys && this.b[this.i] === 0x7b) {
        // A car: its members scanned here, the kept ones noted.
        out.fieldsFrom.push(out.fields.length);
        this.object(1, member);
        out.fieldsTo.push(out.fields.length);
      } else {
        this.value(1);
        out.fieldsFrom.push(-1);
        out.fieldsTo.push(-1);
      }
      out.start.push(start);
      out.end.push(this.i);
      out.count++;
    });
    this.ws();
    if (this.i !== this.n) this.fail("text after the stock");
    return out;
  }
}
