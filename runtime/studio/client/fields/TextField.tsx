"use client";
import type { FieldProps } from "./field-frame";
import { AreaInput, TextFieldShell } from "./text-input";

/** A paragraph of text. */
export function TextField(p: FieldProps) {
  return (
    <TextFieldShell field={p.field} frame={p.frame}>
      <AreaInput {...p} />
    </TextFieldShell>
  );
}
