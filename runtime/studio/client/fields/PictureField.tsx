"use client";
import { useFormContext } from "../form-context";
import type { FieldProps } from "./field-frame";
import { PicturePicker } from "./PicturePicker";
import { LineInput, TextFieldShell } from "./text-input";

/** A picture: its path typed (or an https address), or chosen from the files under public/. */
export function PictureField(p: FieldProps) {
  const { onChange } = useFormContext();
  const { field, basePath, frame } = p;
  return (
    <TextFieldShell field={field} frame={frame}>
      <LineInput {...p} />
      <PicturePicker field={field} id={frame.id} shown={frame.shown} onPick={(path) => void onChange(field, basePath, path)} />
    </TextFieldShell>
  );
}
