"use client";
import type { ReactNode } from "react";
import type { FieldProps } from "./field-frame";

/** An object: its own fields under a legend. */
export function GroupField({ field, frame, children }: FieldProps & { children: ReactNode }) {
  return (
    <fieldset className="studio-group">
      <legend>{field.label}</legend>
      {frame.help}
      {children}
    </fieldset>
  );
}
