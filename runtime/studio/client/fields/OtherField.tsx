"use client";
import { show, type FieldProps } from "./field-frame";

/** A shape the form does not edit: shown, and left to the manifest file. */
export function OtherField({ field, frame }: FieldProps) {
  return (
    <div className="studio-field">
      <p className="studio-label">{field.label}</p>
      {frame.help}
      <p className="studio-help">Edited in the manifest file for now. Currently: {show(frame.shown).slice(0, 120) || "(not set)"}</p>
    </div>
  );
}
