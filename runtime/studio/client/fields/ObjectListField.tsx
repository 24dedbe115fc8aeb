"use client";
import { itemName, objectListChange, type ItemOp } from "../../editor-changes";
import { useFormContext } from "../form-context";
import type { FieldProps, RenderFields } from "./field-frame";

/**
 * A list of objects: each item folded under its name with its own fields, moved or removed by
 * buttons, and an Add button. A list that comes from the template is overridden as a whole first.
 */
export function ObjectListField({ field, frame, renderFields }: FieldProps & { renderFields: RenderFields }) {
  const { onSet } = useFormContext();
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
              <details>
                <summary data-focus={`${pointer}/${i}:item`}>{itemName(field, item, i)}</summary>
                {renderFields(field.itemFields ?? [], item ?? {}, [...fullPath, i])}
              </details>
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
