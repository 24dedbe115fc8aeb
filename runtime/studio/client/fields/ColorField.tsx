"use client";
import type { FieldProps } from "./field-frame";
import { LineInput, TextFieldShell } from "./text-input";

/** A #rrggbb colour, typed, with a swatch of the colour shown. */
export function ColorField(p: FieldProps) {
  const { shown } = p.frame;
  return (
    <TextFieldShell field={p.field} frame={p.frame}>
      {typeof shown === "string" ? <span className="studio-swatch" style={{ background: shown }} aria-hidden="true" /> : null}
      <LineInput {...p} />
    </TextFieldShell>
  );
}
