/**
 * Names a control of a static island so that the same control can be found again in the live
 * markup that replaces it: by what the control is (its tag, type, id, name, value, accessible
 * label, test id and, for buttons, its text), and which one of the controls that look alike it is.
 * A position among all the island's controls would not do: the live component may render a
 * control more or fewer than the static markup (the search page's filter toggle is a link until
 * live, then a button), which moves every position after it, so a held click would land on the
 * wrong card's button.
 */
export interface ControlKey {
  /** Everything that names the control, text included. */
  strict: string;
  /** The same without the text (a button's label may change once live, "Filters" to "Filters (1)"). */
  loose: string;
  /** Which one of the controls with the same strict name; -1 when there is none (the key is empty). */
  ordinal: number;
  /** Which one of the controls with the same loose name. */
  looseOrdinal: number;
  /** Whether the loose name has an attribute that names the control (id, name, value, label, test id, form, href). */
  named: boolean;
}

const ATTRIBUTES = ["type", "id", "name", "value", "aria-label", "data-testid", "form", "href"] as const;

// A field's value attribute follows what is typed (React keeps it in step), so only a checkbox's,
// a radio's or a button's value names it.
const NAMED_BY_VALUE = new Set(["checkbox", "radio", "submit", "button", "reset"]);

// The part of an id that React's useId made (`«r1»`, `«R2»`, `_r_3_`, `:r4:` across React
// versions): the server's static markup and the live component, mounted afresh in the browser,
// are given different ones, so only the rest of the id names the control.
const REACT_ID = /«[^»]*»|_[rR]_[0-9a-z]+_|:[rR][0-9a-z]*:/g;

function attribute(el: Element, name: (typeof ATTRIBUTES)[number], byValue: boolean): string {
  if (name === "value" && !byValue) return "";
  const value = el.getAttribute(name) ?? "";
  return name === "id" ? value.replace(REACT_ID, "") : value;
}

function looseName(el: Element): string {
  const type = el.getAttribute("type") ?? "";
  const byValue = el.localName === "button" || (el.localName === "input" && NAMED_BY_VALUE.has(type));
  return [el.localName, ...ATTRIBUTES.map((a) => attribute(el, a, byValue))].join("|");
}

function strictName(el: Element): string {
  const text = el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement ? "" : (el.textContent ?? "");
  return `${looseName(el)}|${text.replace(/\s+/g, " ").trim()}`;
}

/** The key of `control` among the elements of `root` matching `selector`. */
export function controlKey(root: Element, selector: string, control: Element): ControlKey {
  const all = Array.from(root.querySelectorAll(selector));
  const strict = strictName(control);
  const loose = looseName(control);
  return {
    strict,
    loose,
    ordinal: all.filter((e) => strictName(e) === strict).indexOf(control),
    looseOrdinal: all.filter((e) => looseName(e) === loose).indexOf(control),
    named: loose
      .split("|")
      .slice(2)
      .some((v) => v !== ""),
  };
}

/**
 * The element of `root` matching `selector` that `key` names: the same strict name and ordinal,
 * else (for a control with a naming attribute) the same name without the text, else none (a replay on a guessed control would be worse
 * than none).
 */
export function findControl(root: Element, selector: string, key: ControlKey): Element | undefined {
  if (key.ordinal < 0) return undefined;
  const all = Array.from(root.querySelectorAll(selector));
  const strict = all.filter((e) => strictName(e) === key.strict);
  if (strict.length > key.ordinal) return strict[key.ordinal];
  // Without an attribute that names it (a bare "Save" button), the text was all there was.
  if (!key.named) return undefined;
  const loose = all.filter((e) => looseName(e) === key.loose);
  return loose.length > key.looseOrdinal ? loose[key.looseOrdinal] : undefined;
}
