"use client";

import { createContext, useContext, type ReactNode } from "react";
import { useFormContext, type FieldErrors } from "react-hook-form";
import { MESSAGES } from "@/runtime/leads/messages";
import { CONTACT_METHODS } from "./contact-methods";
import styles from "./forms.module.css";

/** Element ids of a form's fields (unique per form), shared by the fields and the error summary. */
export const FormIdsContext = createContext<(name: string) => string>((name) => `field-${fieldSlug(name)}`);
export const useFieldId = () => useContext(FormIdsContext);

export function fieldSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "field"
  );
}

export function errorOf(errors: FieldErrors, name: string): string | undefined {
  const e = (errors as Record<string, { message?: unknown } | undefined>)[name];
  return typeof e?.message === "string" ? e.message : undefined;
}

interface ShellProps {
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  children: (a: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  className?: string;
}

/** Label, control, hint and error, tied together with aria-describedby / aria-invalid. */
export function FieldShell({ name, label, required, hint, children, className }: ShellProps) {
  const idFor = useFieldId();
  const {
    formState: { errors },
  } = useFormContext();
  const id = idFor(name);
  const error = errorOf(errors, name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? <RequiredMark /> : <span className={styles.optional}> (optional)</span>}
      </label>
      {children({ id, describedBy, invalid: !!error })}
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldErrorText id={id} error={error} />
    </div>
  );
}

/** A field's error under it, at `${id}-error` (the id its control's aria-describedby names), or nothing. */
export function FieldErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className={styles.error}>
      {error}
    </p>
  ) : null;
}

export function RequiredMark() {
  return (
    <span className={styles.required} aria-hidden="true">
      {" "}
      *
    </span>
  );
}

export interface TextFieldProps {
  name: string;
  label: ReactNode;
  required?: boolean;
  type?: "text" | "email" | "tel" | "date" | "search";
  autoComplete?: string;
  inputMode?: "text" | "numeric" | "tel" | "email";
  maxLength?: number;
  hint?: ReactNode;
  placeholder?: string;
  min?: string;
  className?: string;
  /** Keep only digits as the visitor types (postcode). */
  digitsOnly?: boolean;
}

/**
 * A field's value when first rendered, as its HTML default: the server's markup then carries it,
 * so a form the server filled in (a plain post answered before JavaScript) shows it. Once hydrated
 * react-hook-form owns the value, as before.
 */
function initialText(v: unknown): string | undefined {
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;
}

export function TextField({
  name,
  label,
  required,
  type = "text",
  autoComplete,
  inputMode,
  maxLength,
  hint,
  placeholder,
  min,
  className,
  digitsOnly,
}: TextFieldProps) {
  const { register, getValues } = useFormContext();
  const reg = register(name);
  return (
    <FieldShell name={name} label={label} required={required} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          defaultValue={initialText(getValues(name))}
          className={styles.input}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          placeholder={placeholder}
          min={min}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...reg}
          onChange={(e) => {
            if (digitsOnly) e.target.value = e.target.value.replace(/\D+/g, "").slice(0, maxLength);
            return reg.onChange(e);
          }}
        />
      )}
    </FieldShell>
  );
}

export function TextAreaField({
  name,
  label,
  required,
  hint,
  rows = 5,
  maxLength = 5000,
}: {
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  rows?: number;
  maxLength?: number;
}) {
  const { register, getValues } = useFormContext();
  return (
    <FieldShell name={name} label={label} required={required} hint={hint} className={styles.full}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          defaultValue={initialText(getValues(name))}
          className={styles.textarea}
          rows={rows}
          maxLength={maxLength}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...register(name)}
        />
      )}
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({
  name,
  label,
  required,
  options,
  placeholder = "Please select",
  hint,
  className,
}: {
  name: string;
  label: ReactNode;
  required?: boolean;
  options: SelectOption[];
  placeholder?: string;
  hint?: ReactNode;
  className?: string;
}) {
  const { register, getValues } = useFormContext();
  return (
    <FieldShell name={name} label={label} required={required} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          defaultValue={initialText(getValues(name))}
          className={styles.select}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...register(name)}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** A radio group in a fieldset; the first radio carries the field id (the error summary links to it). */
export function RadioGroupField({
  name,
  legend,
  options,
  required,
  className,
}: {
  name: string;
  legend: ReactNode;
  options: SelectOption[];
  required?: boolean;
  className?: string;
}) {
  const idFor = useFieldId();
  const {
    register,
    getValues,
    formState: { errors },
  } = useFormContext();
  const id = idFor(name);
  const error = errorOf(errors, name);
  const initial = initialText(getValues(name));
  return (
    <fieldset className={`${styles.fieldset} ${className ?? ""}`} aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className={styles.label}>
        {legend}
        {required ? <RequiredMark /> : <span className={styles.optional}> (optional)</span>}
      </legend>
      <div className={styles.radios}>
        {options.map((o, i) => (
          <label key={o.value} className={styles.radio}>
            <input type="radio" id={i === 0 ? id : `${id}-${fieldSlug(o.value)}`} value={o.value} defaultChecked={initial === o.value} {...register(name)} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldErrorText id={id} error={error} />
    </fieldset>
  );
}

export const YES_NO: SelectOption[] = [
  { value: "Yes", label: "Yes" },
  { value: "No", label: "No" },
];

export function YesNoField({ name, legend }: { name: string; legend: ReactNode }) {
  return <RadioGroupField name={name} legend={legend} options={YES_NO} />;
}

export function CheckboxField({ name, label }: { name: string; label: ReactNode }) {
  const idFor = useFieldId();
  const { register, getValues } = useFormContext();
  const id = idFor(name);
  return (
    <div className={`${styles.checkbox} ${styles.full}`}>
      <input type="checkbox" id={id} defaultChecked={getValues(name) === true} {...register(name)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** The values ContactFields renders, typed once for every lead form that shows them. */
export interface ContactValues {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  postcode: string;
}

/** ContactFields' starting values: every lead form opens with the contact details blank. */
export const EMPTY_CONTACT: ContactValues = { name: "", last_name: "", email: "", phone: "", postcode: "" };

/** The shared contact fields: first name, last name, email, phone and postcode. */
export function ContactFields({ lastNameRequired = false }: { lastNameRequired?: boolean }) {
  return (
    <>
      <TextField name="name" label="First name" required autoComplete="given-name" maxLength={100} />
      <TextField name="last_name" label="Last name" required={lastNameRequired} autoComplete="family-name" maxLength={100} />
      <TextField name="email" label="Email" type="email" required autoComplete="email" inputMode="email" maxLength={254} />
      <TextField name="phone" label="Phone" type="tel" required autoComplete="tel" inputMode="tel" maxLength={21} />
      <TextField name="postcode" label="Postcode" required autoComplete="postal-code" inputMode="numeric" maxLength={4} digitsOnly hint="4 digits" />
    </>
  );
}

export function PreferredContactMethodField() {
  return (
    <RadioGroupField
      name="PreferredContactMethod"
      legend="Preferred contact method"
      options={CONTACT_METHODS.map((m) => ({ value: m, label: m }))}
      className={styles.full}
    />
  );
}

/**
 * The honeypot: a field people never see or reach (visually hidden, out of the tab order,
 * hidden from assistive technology, no autofill). A bot that fills it gets a fake success.
 */
export function Honeypot() {
  const idFor = useFieldId();
  const { register } = useFormContext();
  const id = idFor("company_url");
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={id}>Company website (leave empty)</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...register("company_url")} />
    </div>
  );
}

export function PrivacyNotice({ text, href }: { text: string; href: string }) {
  return (
    <p className={`${styles.privacy} ${styles.full}`}>
      {text}{" "}
      <a href={href} className={styles.link}>
        Read our privacy policy
      </a>
      .
    </p>
  );
}

export type SubmitStatus = "idle" | "submitting" | "success" | "failure";

/**
 * The submit button: spinner and disabled while submitting (and after success, while the success
 * page loads). Before hydration it is live: the form is then a plain post (method="post"), which
 * never puts the visitor's details into the URL.
 */
export function SubmitButton({
  status,
  children,
  className,
  name,
  value,
}: {
  status: SubmitStatus;
  children: ReactNode;
  className?: string;
  /** Sent with a plain form post (before JavaScript) to say which button was pressed. */
  name?: string;
  value?: string;
}) {
  const busy = status === "submitting" || status === "success";
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={`button ${styles.submit} ${className ?? ""}`}
      disabled={busy}
      aria-disabled={busy || undefined}
      data-state={status}
    >
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
      <span>{children}</span>
      {busy ? <span className="visually-hidden"> (sending)</span> : null}
    </button>
  );
}

/** The form-level error (a failed submission), announced at once. */
export function FormError({ message, id }: { message: string | undefined; id?: string }) {
  return (
    <div role="alert" id={id} tabIndex={-1} className={styles.formErrorSlot}>
      {message ? <p className={styles.formError}>{message}</p> : null}
    </div>
  );
}

export { MESSAGES };
