import { parseTree, findNodeAtLocation, visit, type Node, type ParseError, printParseErrorCode } from "jsonc-parser";

/** One thing wrong with a manifest, located precisely enough for an editor to jump to it. */
export interface ManifestProblem {
  file: string;
  line: number;
  column: number;
  /** JSON pointer into the merged manifest, for example /routes/~1/blocks/0/type. */
  pointer: string;
  message: string;
  hint?: string;
  /** Which check produced it: "json", "schema", or a semantic rule id. */
  source: string;
  /** A warning is shown but never stops the manifest from being served; absent means error. */
  severity?: "error" | "warning";
  /** A go-live problem's own weight (runtime/manifest/go-live/): "blocking" stops a live dealer in `npm run validate`. */
  goLive?: "blocking" | "warning";
  /** A schema problem's ajv keyword and parameters (the studio words them for staff). */
  keyword?: string;
  params?: Record<string, unknown>;
}

export function formatProblem(p: ManifestProblem): string {
  const head = `${p.file}:${p.line}:${p.column}  ${p.goLive === "blocking" ? "blocks going live: " : p.severity === "warning" ? "warning: " : ""}${p.pointer || "/"}  ${p.message}`;
  return p.hint ? `${head}\n    hint: ${p.hint}` : head;
}

export function pointerToPath(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .split("/")
    .slice(1)
    .map((seg) => seg.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((seg) => (/^\d+$/.test(seg) ? Number(seg) : seg));
}

export function pathToPointer(path: (string | number)[]): string {
  return path.map((p) => "/" + String(p).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

/**
 * Source text of one JSON file with line/column lookup for pointers. The syntax tree and the
 * line table are built only when a problem has to be located: a valid file (the usual case, a
 * thousand of them at server start) costs one JSON.parse.
 */
export class JsonSource {
  /** The parsed value; undefined when the text is not valid JSON. */
  readonly value: unknown;
  readonly syntaxErrors: { line: number; column: number; message: string }[] = [];
  /**
   * Keys written twice in one object (JSON.parse silently keeps the last one, so an edit to the
   * first copy would do nothing): each later copy, at its own line and column.
   */
  readonly duplicateKeys: { line: number; column: number; key: string; pointer: string; firstLine: number }[] = [];
  private parsedTree: Node | undefined | null = null;
  private starts: number[] | null = null;

  constructor(
    readonly file: string,
    readonly text: string,
    /** Text known to hold no key twice (it passed every check before): the look for duplicates is skipped. */
    options: { knownUnique?: boolean } = {},
  ) {
    try {
      this.value = JSON.parse(text);
      if (!options.knownUnique && writtenStrings(text) !== parsedStrings(this.value)) this.findDuplicateKeys();
    } catch {
      const errors: ParseError[] = [];
      this.parsedTree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
      let lastOffset = -1;
      for (const e of errors) {
        const trailing = this.trailingCommaBefore(e.offset);
        // A trailing comma is reported twice by the parser (name expected, value expected) at the same place.
        const offset = trailing ?? e.offset;
        if (offset === lastOffset) continue;
        lastOffset = offset;
        const { line, column } = this.position(offset);
        this.syntaxErrors.push({
          line,
          column,
          message:
            trailing !== null
              ? "JSON syntax error: trailing comma: remove the ',' after the last item (JSON allows no comma before '}' or ']')"
              : describeParseError(printParseErrorCode(e.error)),
        });
      }
      // JSON.parse and jsonc-parser disagree on nothing we know of; should they, still refuse the file.
      if (this.syntaxErrors.length === 0) this.syntaxErrors.push({ line: 1, column: 1, message: "JSON syntax error: the file is not valid JSON" });
    }
  }

  /** The offset of a comma directly before a closing '}' or ']' at `offset` (whitespace between), else null. */
  private trailingCommaBefore(offset: number): number | null {
    const close = this.text[offset];
    if (close !== "}" && close !== "]") return null;
    let i = offset - 1;
    while (i >= 0 && /\s/.test(this.text[i])) i--;
    return i >= 0 && this.text[i] === "," ? i : null;
  }

  /** One pass of jsonc-parser's scanner over a file JSON.parse accepted; cheap next to building the syntax tree. */
  private findDuplicateKeys(): void {
    const frames: { keys: Map<string, number>; path: (string | number)[] }[] = [];
    visit(this.text, {
      onObjectBegin: (_o, _l, _sl, _sc, pathSupplier) => {
        frames.push({ keys: new Map(), path: pathSupplier() });
      },
      onObjectEnd: () => {
        frames.pop();
      },
      onObjectProperty: (key, offset) => {
        const frame = frames[frames.length - 1];
        const earlier = frame.keys.get(key);
        if (earlier !== undefined) {
          const { line, column } = this.position(offset);
          this.duplicateKeys.push({ line, column, key, pointer: pathToPointer([...frame.path, key]), firstLine: this.position(earlier).line });
        } else frame.keys.set(key, offset);
      },
    });
  }

  get tree(): Node | undefined {
    if (this.parsedTree === null) this.parsedTree = parseTree(this.text, [], { allowTrailingComma: false, disallowComments: true });
    return this.parsedTree;
  }

  private get lineStarts(): number[] {
    if (!this.starts) {
      this.starts = [0];
      for (let i = 0; i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) this.starts.push(i + 1);
    }
    return this.starts;
  }

  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo] + 1 };
  }

  /**
   * Position of the value at `pointer`; for a missing key, the closest existing parent.
   * `exact` says whether the pointer itself was found (false means a parent was used).
   */
  locate(pointer: string, preferKey = false): { line: number; column: number; exact: boolean } | null {
    if (!this.tree) return null;
    const segs = pointerToPath(pointer);
    for (let n = segs.length; n >= 0; n--) {
      const node = findNodeAtLocation(this.tree, segs.slice(0, n));
      if (node) {
        // Point at the property name when asked (unknown property, bad type of a key).
        let target = preferKey && n === segs.length && node.parent?.type === "property" ? node.parent : node;
        // Something missing from the top level: point at the first key rather than the file's first character (1:1).
        if (n === 0 && segs.length > 0 && node.type === "object" && node.children?.length) target = node.children[0];
        return { ...this.position(target.offset), exact: n === segs.length };
      }
    }
    return null;
  }
}

/**
 * The string tokens of a text JSON.parse accepted (keys and string values): in valid JSON every
 * '"' outside a string opens one, so one left-to-right match of whole strings finds each exactly.
 */
function writtenStrings(text: string): number {
  return text.match(/"(?:[^"\\]|\\.)*"/g)?.length ?? 0;
}

/**
 * The keys and string values of a parsed value. Equal to the text's string tokens unless an
 * object names a key twice (JSON.parse keeps the last, so the earlier key is missing here): a
 * count over the parsed value spares the scanner's pass over the usual file, which has none.
 */
function parsedStrings(value: unknown): number {
  if (typeof value === "string") return 1;
  if (typeof value !== "object" || value === null) return 0;
  let n = 0;
  if (Array.isArray(value)) for (const v of value) n += parsedStrings(v);
  else
    for (const k in value) {
      n += 1 + parsedStrings((value as Record<string, unknown>)[k]);
    }
  return n;
}

function describeParseError(code: string): string {
  const plain: Record<string, string> = {
    InvalidSymbol: "invalid character",
    InvalidNumberFormat: "invalid number",
    PropertyNameExpected: "property name expected (keys must be in double quotes)",
    ValueExpected: "value expected",
    ColonExpected: "':' expected after the property name",
    CommaExpected: "',' expected between items",
    CloseBraceExpected: "'}' expected",
    CloseBracketExpected: "']' expected",
    EndOfFileExpected: "nothing may follow the closing '}'",
    InvalidCommentToken: "comments are not allowed in JSON",
    UnexpectedEndOfComment: "unexpected end of comment",
    UnexpectedEndOfString: "unterminated string",
    UnexpectedEndOfNumber: "unexpected end of number",
    InvalidUnicode: "invalid unicode escape",
    InvalidEscapeCharacter: "invalid escape character",
    InvalidCharacter: "invalid character in string",
  };
  return `JSON syntax error: ${plain[code] ?? code}`;
}
