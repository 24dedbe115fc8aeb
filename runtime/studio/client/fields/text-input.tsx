"use client";
/**
 * The parts of the fields typed as text (a line, a paragraph, a number, a colour, a link, a
 * picture's path): the label and what follows the input, and the input itself, which sends its
 * text when the person leaves it (or presses Enter in a line) and only when it differs from what
 * the field showed. After an accepted change the input is re-created with the new value.
 */
import type { ReactNode } from "react";
import type { Field } from "../../form";
import type { Path } from "../../ops";
import { useFormContext } from "../form-context";
import { show, type FieldFrame, type FieldProps } from "./field-frame";

/** The text the input starts with: the refused text while a refusal shows, else the value shown. */
const startText = (frame: FieldFrame) => (frame.held ? frame.held.raw : show(frame.shown));

function useCommitText(field: Field, basePath: Path, frame: FieldFrame) {
  const { onChange } = useFormContext();
  return (el: HTMLInputElement | HTMLTextAreaElement) => {
    if (el.value !== startText(frame)) void onChange(field, basePath, el.value);
  };
}

/** The label, the input (and what goes beside it), the help, the origin, the refusal and the warning. */
export function TextFieldShell({ field, frame, children }: { field: Field; frame: FieldFrame; children: ReactNode }) {
  return (
    <div className="studio-field">
      <label htmlFor={frame.id}>
        {field.label}
        {field.required ? " (required)" : ""}
      </label>
      {children}
      {frame.help}
      {frame.originNote}
      {frame.error}
      {frame.warning}
    </div>
  );
}

export interface LineInputOptions {
  type?: "text" | "number" | "email";
  step?: number | "any";
  min?: number;
  max?: number;
  /** A datalist the input offers (any other text may still be typed). */
  list?: string;
}

/** A one-line input. */
export function LineInput({ field, basePath, frame, type = "text", step, min, max, list }: FieldProps & LineInputOptions) {
  const commitText = useCommitText(field, basePath, frame);
  return (
    <input
      key={`${frame.pointer}:${show(frame.current)}`}
      {...frame.common}
      name={frame.pointer}
      type={type}
      step={step}
      min={min}
      max={max}
      list={list}
      data-focus={`${frame.pointer}:input`}
      defaultValue={startText(frame)}
      onBlur={(e) => commitText(e.target)}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          commitText(e.currentTarget);
        }
      }}
    />
  );
}

/** A paragraph: a textarea (Enter is a new line). */
export function AreaInput({ field, basePath, frame }: FieldProps) {
  const commitText = useCommitText(field, basePath, frame);
  return (
    <textarea
      key={`${frame.pointer}:${show(frame.current)}`}
      {...frame.common}
      name={frame.pointer}
      defaultValue={startText(frame)}
      onBlur={(e) => commitText(e.target)}
      rows={4}
    />
  );
}
