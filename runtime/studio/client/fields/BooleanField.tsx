"use client";
import { useFormContext } from "../form-context";
import type { FieldProps } from "./field-frame";

/** A checkbox, changed at once. */
export function BooleanField({ field, basePath, frame }: FieldProps) {
  const { onChange } = useFormContext();
  return (
    <div className="studio-field studio-check">
      <input type="checkbox" {...frame.common} checked={frame.shown === true} onChange={(e) => void onChange(field, basePath, e.target.checked)} />
      <label htmlFor={frame.id}>{field.label}</label>
      {frame.help}
      {frame.originNote}
      {frame.error}
    </div>
  );
}
