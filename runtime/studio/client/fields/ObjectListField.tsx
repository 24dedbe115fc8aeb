"use client";
import { useEffect, useRef, type ReactNode } from "react";
import { itemName, objectListChange, type ItemOp } from "../../editor-changes";
import { useFormContext } from "../form-context";
import type { FieldProps, RenderFields } from "./field-frame";

/** An item folded under its name; it unfolds when something in it is still to fill (and stays open while it is filled in). */
function ItemDetails({ todo, summary, children }: { todo: boolean; summary: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (todo && ref.current) ref.current.open = true;
  }, [todo]);
  return (
    <details ref={ref}>
      {summary}
      {children}
    </details>
  );
}

/**
 * A list of objects: each item folded under its name with its own fields, moved, duplicated or
 * removed by buttons, and an Add button. A new item is added at once as a to-do: unfolded, its
 * fields still to fill marked. A list that comes from the template is overridden as a whole first.
 */
export function ObjectListField({ field, frame, renderFields }: FieldProps & { renderFields: RenderFields }) {
  const { onSet, fieldErrors } = useFormContext();
  const errorPointers = Object.keys(fieldErrors);
  const { pointer, fullPath, origin } = frame;
  const items = Array.isArray(frame.shown) ? (frame.shown as Record<string, unknown>[]) : [];
  const edit = (op: ItemOp) => {
    const c = objectListChange(items, field, pointer, op);
    void onSet(fullPath, c.next, c.what, c.focus);
  };
  const fromTemplate = origin?.from === "template";
  return (
    <fieldset className="studio-group" aria-describedby={frame.describedBy}>
      <legend>{field.label}</legend>
      {frame.help}
      {frame.originNote}
      {fromTemplate ? (
        <p className="studio-help">Override to change this list for this dealer ({items.length} items from the template).</p>
      ) : (
        <ol className="studio-items">
          {items.map((item, i) => (
            <li key={i}>
              <ItemDetails
                todo={errorPointers.some((p) => p.startsWith(`${pointer}/${i}/`))}
                summary={<summary data-focus={`${pointer}/${i}:item`}>{itemName(field, item, i)}</summary>}
              >
                {renderFields(field.itemFields ?? [], item ?? {}, [...fullPath, i])}
              </ItemDetails>
              <div className="studio-item-actions">
                <button type="button" aria-label={`Move ${itemName(field, item, i)} up`} disabled={i === 0} onClick={() => edit({ kind: "up", index: i })}>
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={`Move ${itemName(field, item, i)} down`}
                  disabled={i === items.length - 1}
                  onClick={() => edit({ kind: "down", index: i })}
                >
                  ↓
                </button>
                <button type="button" aria-label={`Duplicate ${itemName(field, item, i)}`} onClick={() => edit({ kind: "duplicate", index: i })}>
                  Duplicate
                </button>
                <button type="button" aria-label={`Remove ${itemName(field, item, i)}`} onClick={() => edit({ kind: "remove", index: i })}>
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {fromTemplate ? null : (
        <button type="button" data-focus={`${pointer}:add`} onClick={() => edit({ kind: "add" })}>
          Add to {field.label}
        </button>
      )}
      {frame.error}
    </fieldset>
  );
}
