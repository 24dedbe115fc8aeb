"use client";
import type { FieldProps } from "./field-frame";
import { LineInput, TextFieldShell } from "./text-input";

/** A number (any) or an integer (whole steps), within the schema's minimum and maximum. */
export function NumberField(p: FieldProps) {
  const { field } = p;
  return (
    <TextFieldShell field={field} frame={p.frame}>
      <LineInput {...p} type="number" step={field.kind === "integer" ? 1 : "any"} min={field.minimum} max={field.maximum} />
    </TextFieldShell>
  );
}
