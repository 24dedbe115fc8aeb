"use client";
import { useFormContext } from "../form-context";
import { shownOptions } from "../../form";
import { show, type FieldProps } from "./field-frame";

/** A select of the schema's allowed values (each shown by its words when the field has them); the choice is parsed back to the option's own type. */
export function EnumField({ field, basePath, frame }: FieldProps) {
  const { onChange } = useFormContext();
  const options = field.options ?? [];
  return (
    <div className="studio-field">
      <label htmlFor={frame.id}>{field.label}</label>
      <select {...frame.common} name={frame.pointer} value={show(frame.shown)} onChange={(e) => void onChange(field, basePath, e.target.value)}>
        {/* An optional select can go back to "not set"; a required one offers "(choose)" only while it has no value. */}
        {!field.required && !options.includes("") ? <option value="">(none)</option> : frame.shown === undefined ? <option value="">(choose)</option> : null}
        {shownOptions(options, frame.shown).map((o) => (
          <option key={String(o)} value={String(o)}>
            {field.optionLabels?.[options.indexOf(o)] ?? (String(o) === "" ? "(empty)" : String(o))}
          </option>
        ))}
      </select>
      {frame.help}
      {frame.originNote}
      {frame.error}
    </div>
  );
}
