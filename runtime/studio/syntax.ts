/**
 * A manifest file the studio cannot read (a missing comma, an unclosed quote) in plain words, at
 * its line and column: "Line 41, column 5: a comma is missing before "hours"". jsonc-parser finds
 * the mistakes (comments allowed, as the studio reads files; trailing commas not, as JSON has
 * none); the words say what to add or remove, naming what stands at that place. Pure.
 */
import { parseTree, printParseErrorCode, type ParseError } from "jsonc-parser";

export interface SyntaxProblem {
  line: number;
  column: number;
  /** The sentence without its place: "a comma is missing before "hours"". */
  words: string;
  /** The whole sentence with its place. */
  message: string;
}

/** What stands at an offset, as the person sees it: a quoted name or the next few characters, or the end of the file. */
function tokenAt(text: string, offset: number): string {
  const rest = text.slice(offset);
  if (!rest.trim()) return "the end of the file";
  const m = /^("(?:[^"\\\n]|\\.){0,40}"?|[^\s,:{}[\]"]{1,20}|[,:{}[\]])/.exec(rest.trimStart());
  const token = m?.[0] ?? rest.trimStart().charAt(0);
  return token.startsWith('"') ? token : `“${token}”`;
}

function wordsFor(code: string, token: string): string {
  switch (code) {
    case "CommaExpected":
      return `a comma is missing before ${token}`;
    case "ColonExpected":
      return `a colon (:) is missing after a name, before ${token}`;
    case "PropertyNameExpected":
      return `a name in double quotes is expected here, not ${token}`;
    case "ValueExpected":
      return `a value is missing before ${token}`;
    case "CloseBraceExpected":
      return `a closing } is missing before ${token}`;
    case "CloseBracketExpected":
      return `a closing ] is missing before ${token}`;
    case "EndOfFileExpected":
      return `nothing may follow the file's last }, but ${token} does`;
    case "UnexpectedEndOfString":
      return 'a text is not closed with a double quote (")';
    case "UnexpectedEndOfComment":
      return "a comment is not closed with */";
    case "InvalidNumberFormat":
      return `${token} is not a number as JSON writes them (like 12 or 3.5)`;
    case "InvalidEscapeCharacter":
    case "InvalidUnicode":
      return "a backslash in a text starts an escape JSON does not know (write \\\\ for a backslash)";
    default:
      return `${token} cannot stand here`;
  }
}

/** The file's syntax mistakes, first to last (one per place); none for a file that reads. */
export function syntaxProblemsOf(text: string): SyntaxProblem[] {
  const errors: ParseError[] = [];
  parseTree(text, errors, { allowTrailingComma: false, disallowComments: false });
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
  const position = (offset: number) => {
    let line = lineStarts.length - 1;
    while (line > 0 && lineStarts[line] > offset) line--;
    return { line: line + 1, column: offset - lineStarts[line] + 1 };
  };
  const out: SyntaxProblem[] = [];
  let lastOffset = -1;
  for (const e of errors) {
    // A comma before a closing } or ]: the parser reports the closing mark (twice); the comma is the mistake.
    let i = e.offset - 1;
    while (i >= 0 && /\s/.test(text[i])) i--;
    const trailing = (text[e.offset] === "}" || text[e.offset] === "]") && text[i] === "," ? i : null;
    const offset = trailing ?? e.offset;
    if (offset === lastOffset) continue;
    lastOffset = offset;
    const words =
      trailing !== null
        ? `the comma after the last item must go (JSON has no comma before “${text[e.offset]}”)`
        : wordsFor(printParseErrorCode(e.error), tokenAt(text, e.offset));
    const { line, column } = position(offset);
    out.push({ line, column, words, message: `Line ${line}, column ${column}: ${words}.` });
  }
  return out;
}
