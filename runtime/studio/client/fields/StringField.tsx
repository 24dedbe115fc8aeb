"use client";
import type { FieldProps } from "./field-frame";
import { LineInput, TextFieldShell } from "./text-input";

/** A line of text (an email address in an email field, so phones offer their email keyboard). */
export function StringField(p: FieldProps) {
  return (
    <TextFieldShell field={p.field} frame={p.frame}>
      <LineInput {...p} type={p.field.format === "email" ? "email" : "text"} />
    </TextFieldShell>
  );
}
