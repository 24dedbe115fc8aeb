"use client";
import { stringListChange, type StringItemOp } from "../../editor-changes";
import { useFormContext } from "../form-context";
import { idOf, type FieldProps } from "./field-frame";

/**
 * A list of strings: one input per item (changed on leaving it, marked with what is wrong in it),
 * moved or removed by buttons, and Add item (a new item starts empty, to fill).
 */
export function StringListField({ field, basePath, frame }: FieldProps) {
  const { onChange, fieldErrors } = useFormContext();
  const { pointer } = frame;
  const items = Array.isArray(frame.shown) ? (frame.shown as string[]) : [];
  const edit = (op: StringItemOp) => void onChange(field, basePath, stringListChange(items, field, op));
  return (
    <fieldset className="studio-group">
      <legend>{field.label}</legend>
      {frame.help}
      {frame.originNote}
      <ol className="studio-list">
        {items.map((item, i) => {
          const itemId = idOf(`${pointer}/${i}`);
          const wrong = fieldErrors[`${pointer}/${i}`];
          return (
            <li key={`${i}:${item}`}>
              <label htmlFor={itemId} className="visually-hidden">
                {field.label} item {i + 1}
              </label>
              <input
                id={itemId}
                defaultValue={item}
                aria-invalid={wrong ? true : undefined}
                aria-describedby={wrong ? `${itemId}-error` : undefined}
                onBlur={(e) => e.target.value !== item && edit({ kind: "edit", index: i, text: e.target.value })}
              />
              <button type="button" aria-label={`Move item ${i + 1} up`} disabled={i === 0} onClick={() => edit({ kind: "up", index: i })}>
                ↑
              </button>
              <button type="button" aria-label={`Move item ${i + 1} down`} disabled={i === items.length - 1} onClick={() => edit({ kind: "down", index: i })}>
                ↓
              </button>
              <button type="button" aria-label={`Remove item ${i + 1}`} onClick={() => edit({ kind: "remove", index: i })}>
                Remove
              </button>
              {wrong ? (
                <p id={`${itemId}-error`} className="studio-error">
                  {wrong.join(" ")}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <button type="button" onClick={() => edit({ kind: "add" })}>
        Add item
      </button>
      {frame.error}
    </fieldset>
  );
}
