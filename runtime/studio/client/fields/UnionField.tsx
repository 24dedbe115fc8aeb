"use client";
import { variantIndex } from "../../form";
import { kindFieldName } from "../../theme-form";
import { useFormContext } from "../form-context";
import { useHydrated } from "@/runtime/use-hydrated";
import type { FieldProps, RenderFields } from "./field-frame";

/**
 * One of several shapes (anyOf/oneOf): a select of the variants, then the chosen variant's fields.
 * Choosing another starts it afresh. Before scripts run the select cannot swap the fields, so every
 * variant's fields are shown, each under its own heading, and the post takes the chosen one's.
 */
export function UnionField({ field, frame, props, basePath, renderFields }: FieldProps & { props: Record<string, unknown>; renderFields: RenderFields }) {
  const { onSet } = useFormContext();
  const hydrated = useHydrated();
  const { id, pointer, fullPath } = frame;
  const variants = field.variants ?? [];
  const at = variantIndex(variants, frame.shown);
  const variant = variants[at];
  return (
    <fieldset className="studio-group">
      <legend>{field.label}</legend>
      {frame.help}
      {frame.originNote}
      <div className="studio-field">
        <label htmlFor={`${id}-kind`}>Kind of {field.label.toLowerCase()}</label>
        <select
          id={`${id}-kind`}
          name={kindFieldName(pointer)}
          value={String(at)}
          onChange={(e) => {
            const v = variants[Number(e.target.value)];
            if (v) void onSet(fullPath, structuredClone(v.start), `${field.label}: ${v.label}`, `${pointer}:kind`);
          }}
          data-focus={`${pointer}:kind`}
        >
          {variants.map((v, i) => (
            <option key={v.label} value={String(i)}>
              {v.label}
            </option>
          ))}
        </select>
      </div>
      {frame.error}
      {hydrated
        ? variant
          ? renderFields(variant.fields, props, basePath)
          : null
        : variants.map((v, i) => (
            <fieldset key={v.label} className="studio-group">
              <legend>{i === at ? `${field.label}: ${v.label} (as now)` : `${field.label}: ${v.label} (used when you choose “${v.label}” above)`}</legend>
              {renderFields(
                // A field two variants share is shown once (the first variant holding it), so no id is repeated.
                v.fields.filter((f) => !variants.slice(0, i).some((earlier) => earlier.fields.some((e) => e.name === f.name))),
                props,
                basePath,
              )}
            </fieldset>
          ))}
    </fieldset>
  );
}
