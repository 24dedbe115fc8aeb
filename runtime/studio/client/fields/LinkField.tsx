"use client";
import type { FieldProps } from "./field-frame";
import { LineInput, TextFieldShell } from "./text-input";

/** The id of the datalist of the site's pages and sample addresses (the editor renders it once). */
export const LINK_CHOICES_ID = "studio-links";

/** A link: the site's pages offered in a native combobox; any other address may still be typed. */
export function LinkField(p: FieldProps) {
  return (
    <TextFieldShell field={p.field} frame={p.frame}>
      <LineInput {...p} list={LINK_CHOICES_ID} />
    </TextFieldShell>
  );
}
