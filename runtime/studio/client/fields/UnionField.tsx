"use client";
import { variantIndex } from "../../form";
import { useFormContext } from "../form-context";
import type { FieldProps, RenderFields } from "./field-frame";

/** One of several shapes (anyOf/oneOf): a select of the variants, then the chosen variant's fields. Choosing another starts it afresh. */
export function UnionField({ field, frame, props, basePath, renderFields }: FieldProps & { props: Record<string, unknown>; renderFields: RenderFields }) {
  const { onSet } = useFormContext();
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
      {variant ? renderFields(variant.fields, props, basePath) : null}
    </fieldset>
  );
}
