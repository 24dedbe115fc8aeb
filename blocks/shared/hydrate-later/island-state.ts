/**
 * What a visitor did to a static island's server markup before its code arrived, carried over to
 * the live component that replaces it: values typed or chosen, which control had focus, and how
 * far they scrolled the parts marked `data-keep-scroll` (a carousel swiped natively on a phone).
 * Controls are found again by what they are, not where they are (see control-key.ts): the live
 * component may render a control more or fewer than the static markup.
 */
import { controlKey, findControl, type ControlKey } from "./control-key";

export interface IslandState {
  /** Fields the visitor changed from the server's value, and the new value or checked state. */
  fields: { key: ControlKey; value?: string; checked?: boolean }[];
  /** The focused element, if it is one of the island's focusable elements. */
  focus: ControlKey | null;
  /** Parts marked `data-keep-scroll` that the visitor scrolled, and where to. */
  scrolled: { key: ControlKey; left: number; top: number }[];
}

/** Marks a part whose scroll position the live component takes over (see CarouselControls). */
export const KEEP_SCROLL = "[data-keep-scroll]";

const FIELDS = "input, select, textarea";
const FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function fields(root: HTMLElement): Field[] {
  return Array.from(root.querySelectorAll<Field>(FIELDS));
}

function isCheckable(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");
}

function changedFromServer(field: Field): boolean {
  if (isCheckable(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement)
    return field.multiple ? Array.from(field.options).some((o) => o.selected !== o.defaultSelected) : field.selectedIndex !== serverIndex(field);
  if (field instanceof HTMLInputElement) return field.value !== serverValue(field);
  return field.value !== field.defaultValue;
}

/**
 * The value an input showed as the server sent it. Not its `defaultValue` (the attribute as
 * written): the browser fits the attribute to the input's type first, so a price slider sent at
 * 335,390 with steps of 1,000 shows 333,000 without anyone touching it. A fresh input with the
 * same attributes shows what the server's did.
 */
function serverValue(input: HTMLInputElement): string {
  const fresh = input.ownerDocument.createElement("input");
  for (const { name, value } of Array.from(input.attributes)) fresh.setAttribute(name, value);
  return fresh.value;
}

/**
 * The option a single-choice list showed as the server sent it: the last one marked selected, or,
 * when none is (a sort order, a list that starts on its placeholder), the first one that can be
 * chosen, as the browser picks. Comparing each option with its own mark would count that first
 * option as the visitor's choice.
 */
function serverIndex(select: HTMLSelectElement): number {
  const options = Array.from(select.options);
  for (let i = options.length - 1; i >= 0; i--) if (options[i].defaultSelected) return i;
  return select.size > 1 ? -1 : options.findIndex((o) => !o.disabled);
}

/** True when the visitor has changed any of the part's fields from the server's value. */
export function visitorChangedFields(root: HTMLElement): boolean {
  return fields(root).some(changedFromServer);
}

export function captureIslandState(root: HTMLElement | null): IslandState {
  if (!root) return { fields: [], focus: null, scrolled: [] };
  const changed = fields(root)
    .filter((field) => changedFromServer(field))
    .map((field) => {
      const key = controlKey(root, FIELDS, field);
      return isCheckable(field) ? { key, checked: field.checked } : { key, value: field.value };
    });
  const active = root.ownerDocument.activeElement;
  const focus = active && root.contains(active) && active.matches(FOCUSABLE) ? controlKey(root, FOCUSABLE, active) : null;
  const scrolled = Array.from(root.querySelectorAll<HTMLElement>(KEEP_SCROLL))
    .filter((el) => el.scrollLeft !== 0 || el.scrollTop !== 0)
    .map((el) => ({ key: controlKey(root, KEEP_SCROLL, el), left: el.scrollLeft, top: el.scrollTop }));
  return { fields: changed, focus, scrolled };
}

/**
 * Sets each carried value through the element's native setter and dispatches input and change
 * events, which is how React's controlled fields learn of a value they did not set themselves.
 */
export function restoreIslandState(root: HTMLElement, state: IslandState): void {
  for (const carried of state.fields) {
    const field = findControl(root, FIELDS, carried.key) as Field | undefined;
    if (!field) continue;
    if (carried.checked !== undefined && isCheckable(field)) {
      if (field.checked !== carried.checked) field.click();
      continue;
    }
    if (carried.value === undefined) continue;
    const prototype =
      field instanceof HTMLSelectElement
        ? HTMLSelectElement.prototype
        : field instanceof HTMLTextAreaElement
          ? HTMLTextAreaElement.prototype
          : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, carried.value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }
  for (const { key, left, top } of state.scrolled) {
    const part = findControl(root, KEEP_SCROLL, key) as HTMLElement | undefined;
    if (!part) continue;
    part.scrollLeft = left;
    part.scrollTop = top;
  }
  // Focus after scrolling: focusing first would scroll a part to the control, then be undone.
  if (state.focus) (findControl(root, FOCUSABLE, state.focus) as HTMLElement | undefined)?.focus({ preventScroll: state.scrolled.length > 0 });
}
