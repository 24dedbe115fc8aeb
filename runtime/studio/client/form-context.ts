"use client";
/**
 * What every field of a studio form needs besides its own description: the manifest value, the
 * templates it extends, the pictures, the warnings, the refused inputs, what is still to fill, and the two ways to change
 * a value (a field's typed input, parsed for its kind; or a whole value at a path).
 */
import { createContext, useContext } from "react";
import type { Field } from "../form";
import type { Path } from "../ops";
import type { Picture } from "../pictures";
import type { TemplateValue } from "../template-origin";
import type { EditorProblem, PendingInput } from "../editor-state";

export interface FormContext {
  value: unknown;
  templates: TemplateValue[];
  pictures: Picture[];
  warnings: EditorProblem[];
  pending: Record<string, PendingInput>;
  /** What the last check found at each field (by JSON pointer): shown there until it is fixed. */
  fieldErrors: Record<string, string[]>;
  /** A field's new input (text, a checkbox, a list of strings): parsed for the field, then checked. */
  onChange: (field: Field, basePath: Path, raw: string | boolean | string[]) => Promise<void>;
  /** Sets a whole value at a path (list items added, moved or removed, a union's variant, override and reset). */
  onSet: (path: Path, next: unknown, what: string, focus?: string) => Promise<boolean>;
}

export const FormCtx = createContext<FormContext>({
  value: undefined,
  templates: [],
  pictures: [],
  warnings: [],
  pending: {},
  fieldErrors: {},
  onChange: async () => undefined,
  onSet: async () => false,
});

export const useFormContext = () => useContext(FormCtx);
