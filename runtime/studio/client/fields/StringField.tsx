"use client";
import type { FieldProps } from "./field-frame";
import { LineInput, TextFieldShell } from "./text-input";

/** A line of text. */
export function StringField(p: FieldProps) {
  return (
    <TextFieldShell field={p.field} frame={p.frame}>
      <LineInput {...p} />
    </TextFieldShell>
  );
}
