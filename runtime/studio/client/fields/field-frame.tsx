"use client";
/**
 * What surrounds every field's input, whatever its kind: its id, the value shown (the file's, else
 * its template's, else the default), the help, where the value comes from (with Override or Reset
 * to template), the refusal and the warnings, and the aria attributes tying them to the input.
 */
import type { ReactNode } from "react";
import type { Field } from "../../form";
import { getAt, pointerOf, type Path } from "../../ops";
import { originOf, type Origin } from "../../template-origin";
import { plainMessage } from "../../messages";
import type { PendingInput } from "../../editor-state";
import { useFormContext } from "../form-context";

/** An element id from a JSON pointer (letters and digits kept, anything else escaped). */
export const idOf = (pointer: string) => "f" + pointer.replace(/[^a-zA-Z0-9]/g, (c) => `_${c.charCodeAt(0).toString(16)}`);
/** A value as a field shows it. */
export const show = (v: unknown) => (v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v));

export interface FieldFrame {
  id: string;
  pointer: string;
  fullPath: Path;
  /** The file's own value. */
  current: unknown;
  /** What the field shows: the file's value, else the template's, else the default. */
  shown: unknown;
  origin: Origin | null;
  /** The typed text that did not parse, kept in the field. */
  held: PendingInput | undefined;
  /** What is wrong or still to fill at this field (an unparsed input's reason, else the last check's). */
  messages: string[] | undefined;
  describedBy: string;
  /** The input's id and aria attributes. */
  common: { id: string; "aria-describedby": string; "aria-invalid": true | undefined };
  help: ReactNode;
  originNote: ReactNode;
  error: ReactNode;
  warning: ReactNode;
}

/** Props every field kind's component takes. */
export interface FieldProps {
  field: Field;
  /** The path of the object the field's own path is under. */
  basePath: Path;
  frame: FieldFrame;
}

/** A list of fields of an object at a path (a group's, a variant's, a list item's). */
export type RenderFields = (fields: Field[], props: Record<string, unknown>, basePath: Path) => ReactNode;

function OriginNote({ field, origin, id, pointer, fullPath }: { field: Field; origin: Origin | null; id: string; pointer: string; fullPath: Path }) {
  const { onSet } = useFormContext();
  if (origin?.from === "template")
    return (
      <p id={`${id}-origin`} className="studio-origin">
        From template {origin.template}{" "}
        <button
          type="button"
          aria-label={`Override ${field.label}`}
          data-focus={`${pointer}:origin`}
          onClick={() => void onSet(fullPath, structuredClone(origin.templateValue), `${field.label}: overridden`, `${pointer}:origin`)}
        >
          Override
        </button>
      </p>
    );
  if (origin?.from === "dealer" && origin.template)
    return (
      <p id={`${id}-origin`} className="studio-origin">
        This dealer&apos;s own value (template {origin.template} has {show(origin.templateValue).slice(0, 60) || "(empty)"}){" "}
        <button
          type="button"
          aria-label={`Reset ${field.label} to template`}
          data-focus={`${pointer}:origin`}
          onClick={() => void onSet(fullPath, undefined, `${field.label}: reset to the template`, `${pointer}:origin`)}
        >
          Reset to template
        </button>
      </p>
    );
  return null;
}

export function useFieldFrame(field: Field, props: Record<string, unknown>, basePath: Path): FieldFrame {
  const ctx = useFormContext();
  const fullPath = [...basePath, ...field.path];
  const pointer = pointerOf(fullPath);
  const id = idOf(pointer);
  const current = getAt(props, field.path);
  // A value the dealer's file leaves out may come from its template (objects merge key by key): shown, and marked so.
  const origin = field.kind === "group" ? null : originOf(ctx.value, ctx.templates, fullPath);
  const inherited = origin?.from === "template" ? origin.templateValue : undefined;
  const shown = current !== undefined ? current : inherited !== undefined ? inherited : field.default;
  const held = ctx.pending[pointer];
  const messages = held?.messages ?? ctx.fieldErrors[pointer];
  const warned = ctx.warnings.filter((w) => w.pointer === pointer);
  const describedBy = [`${id}-help`, origin?.template ? `${id}-origin` : "", messages ? `${id}-error` : "", warned.length ? `${id}-warning` : ""]
    .filter(Boolean)
    .join(" ");
  const help = (
    <p id={`${id}-help`} className="studio-help">
      {field.help}
      {field.pictureRatio ? ` Shown at ${field.pictureRatio.replace(":", " : ")} (width : height); a picture of other proportions is cropped or boxed.` : ""}
      {field.default !== undefined && field.kind !== "object-list" ? ` Default: ${show(field.default) || "(empty)"}.` : ""}
    </p>
  );
  const error = messages ? (
    <p id={`${id}-error`} className="studio-error">
      {messages.join(" ")}
    </p>
  ) : null;
  const warning = warned.length ? (
    <p id={`${id}-warning`} className="studio-warning">
      Warning: {warned.map((w) => plainMessage(w)).join(" ")}
    </p>
  ) : null;
  return {
    id,
    pointer,
    fullPath,
    current,
    shown,
    origin,
    held,
    messages,
    describedBy,
    common: { id, "aria-describedby": describedBy, "aria-invalid": messages ? true : undefined },
    help,
    originNote: <OriginNote field={field} origin={origin} id={id} pointer={pointer} fullPath={fullPath} />,
    error,
    warning,
  };
}
