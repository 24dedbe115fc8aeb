"use client";

import { useId, useState, type ReactNode } from "react";
import type { FormConfig } from "../config";
import type { CarContext } from "../car";
import { LeadForm, type LeadFormProps } from "../LeadForm";
import { leadFormHooks, type LeadFormHooks } from "../useLeadForm";
import { FormDialog } from "./FormDialog";
import { MESSAGES } from "@/runtime/leads/messages";
import styles from "../forms.module.css";

export interface LeadDialogProps extends LeadFormHooks {
  config: FormConfig;
  car?: CarContext;
  /** Text of the button that opens the dialog (a default per dialog). */
  triggerLabel?: ReactNode;
  triggerClassName?: string;
  /** Controlled use (the vehicle page's own buttons): open state and its setter; no trigger is rendered. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title?: string;
  /** Extra lead fields (source, page_id …). */
  extraFields?: Record<string, unknown>;
}

function useDialogState(props: LeadDialogProps) {
  const [own, setOwn] = useState(false);
  const controlled = props.open !== undefined;
  const open = controlled ? !!props.open : own;
  const setOpen = (v: boolean) => (controlled ? props.onOpenChange?.(v) : setOwn(v));
  return { open, setOpen, controlled };
}

function Trigger({ label, className, onClick }: { label: ReactNode; className?: string; onClick: () => void }) {
  return (
    <button type="button" className={`button ${styles.trigger} ${className ?? ""}`} aria-haspopup="dialog" onClick={onClick}>
      {label}
    </button>
  );
}

function carTitle(car: CarContext | undefined): string {
  return car?.name ? ` – ${car.name}` : "";
}

type OwnFormProps = "config" | "car" | "labelledBy" | "extraFields" | keyof LeadFormHooks;

/**
 * A lead form in a dialog, opened by its own trigger button (unless the page controls it), the
 * dialog's props passed on to the form: its config, car, extra fields and hooks.
 */
function LeadFormDialog(p: { props: LeadDialogProps; triggerLabel: ReactNode; title: string; form: Omit<LeadFormProps, OwnFormProps> }) {
  const { props } = p;
  const { open, setOpen, controlled } = useDialogState(props);
  const titleId = useId();
  return (
    <>
      {controlled ? null : <Trigger label={props.triggerLabel ?? p.triggerLabel} className={props.triggerClassName} onClick={() => setOpen(true)} />}
      <FormDialog title={props.title ?? `${p.title}${carTitle(props.car)}`} open={open} onClose={() => setOpen(false)} titleId={titleId}>
        <LeadForm {...p.form} config={props.config} car={props.car} labelledBy={titleId} extraFields={props.extraFields} {...leadFormHooks(props)} />
      </FormDialog>
    </>
  );
}

const carCategory = (car: CarContext | undefined) => (car?.car_type === "used" ? "Used Car Enquiry" : "New Car Enquiry");

/** Test drive booking in a dialog: optional message, date and time, the site's terms. Event 17 (48 for a used car). */
export function TestDriveDialog(props: LeadDialogProps) {
  return (
    <LeadFormDialog
      props={props}
      triggerLabel="Book a Test Drive"
      title="Book a test drive"
      form={{ form: "test-drive", category: "Test Drive", messageLabel: "Message", terms: props.config.testDrive.termsText }}
    />
  );
}

/** The generic enquiry in a dialog; the trigger reads '{Enquire} Now' (or 'Message Now'). */
export function EnquiryDialog(props: LeadDialogProps & { showExtras?: boolean }) {
  return (
    <LeadFormDialog
      props={props}
      triggerLabel={props.config.buttonText}
      title="Enquire"
      form={{ form: "enquiry", category: props.car ? carCategory(props.car) : undefined, showExtras: props.showExtras ?? true, showOptIn: true }}
    />
  );
}

/** Request photos: contact details only; the message is hidden and defaults to 'Please send photos for this car'. */
export function RequestPhotosDialog(props: LeadDialogProps) {
  return (
    <LeadFormDialog
      props={props}
      triggerLabel="Request Photos"
      title="Request photos"
      form={{
        form: "request-photos",
        category: carCategory(props.car),
        subcategory: "Request Photos",
        hiddenMessage: MESSAGES.requestPhotosDefault,
        showPreferredContact: false,
      }}
    />
  );
}
