/**
 * What a visitor did to a static island's server markup before its code arrived, carried over to
 * the live component that replaces it: values typed or chosen, and which control had focus.
 * Controls are matched by their position among the island's form fields or focusable elements,
 * which is stable because the live component renders the same markup the server did.
 */

export interface IslandState {
  /** Fields the visitor changed from the server's value: position among the island's fields, and the new value or checked state. */
  fields: { index: number; value?: string; checked?: boolean }[];
  /** Position of the focused element among the island's focusable elements, or -1. */
  focus: number;
}

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
  if (field instanceof HTMLSelectElement) return Array.from(field.options).some((o) => o.selected !== o.defaultSelected);
  return field.value !== field.defaultValue;
}

export function captureIslandState(root: HTMLElement | null): IslandState {
  if (!root) return { fields: [], focus: -1 };
  const changed = fields(root)
    .map((field, index) => ({ field, index }))
    .filter(({ field }) => changedFromServer(field))
    .map(({ field, index }) => (isCheckable(field) ? { index, checked: field.checked } : { index, value: field.value }));
  const active = root.ownerDocument.activeElement;
  const focus = active && root.contains(active) ? Array.from(root.querySelectorAll(FOCUSABLE)).indexOf(active) : -1;
  return { fields: changed, focus };
}

/**
 * Sets each carried value through the element's native setter and dispatches input and change
 * events, which is how React's controlled fields learn of a value they did not set themselves.
 */
export function restoreIslandState(root: HTMLElement, state: IslandState): void {
  const now = fields(root);
  for (const carried of state.fields) {
    const field = now[carried.index];
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
  if (state.focus >= 0) (root.querySelectorAll(FOCUSABLE)[state.focus] as HTMLElement | undefined)?.focus();
}
