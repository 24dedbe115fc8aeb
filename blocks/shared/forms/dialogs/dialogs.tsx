"use client";

import { useId, useState, type ReactNode } from "react";
import type { FormConfig } from "../config";
import type { CarContext } from "../car";
import { LeadForm } from "../LeadForm";
import type { LeadFormHooks } from "../useLeadForm";
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

/** Test drive booking in a dialog: optional message, date and time, the site's terms. Event 17 (48 for a used car). */
export function TestDriveDialog(props: LeadDialogProps) {
  const { open, setOpen, controlled } = useDialogState(props);
  const titleId = useId();
  return (
    <>
      {controlled ? null : <Trigger label={props.triggerLabel ?? "Book a Test Drive"} className={props.triggerClassName} onClick={() => setOpen(true)} />}
      <FormDialog title={props.title ?? `Book a test drive${carTitle(props.car)}`} open={open} onClose={() => setOpen(false)} titleId={titleId}>
        <LeadForm
          config={props.config}
          form="test-drive"
          category="Test Drive"
          car={props.car}
          labelledBy={titleId}
          messageLabel="Message"
          terms={props.config.testDrive.termsText}
          extraFields={props.extraFields}
          navigate={props.navigate}
          alert={props.alert}
          post={props.post}
          onSuccess={props.onSuccess}
        />
      </FormDialog>
    </>
  );
}

/** The generic enquiry in a dialog; the trigger reads '{Enquire} Now' (or 'Message Now'). */
export function EnquiryDialog(props: LeadDialogProps & { showExtras?: boolean }) {
  const { open, setOpen, controlled } = useDialogState(props);
  const titleId = useId();
  const category = props.car ? (props.car.car_type === "used" ? "Used Car Enquiry" : "New Car Enquiry") : undefined;
  return (
    <>
      {controlled ? null : <Trigger label={props.triggerLabel ?? props.config.buttonText} className={props.triggerClassName} onClick={() => setOpen(true)} />}
      <FormDialog title={props.title ?? `Enquire${carTitle(props.car)}`} open={open} onClose={() => setOpen(false)} titleId={titleId}>
        <LeadForm
          config={props.config}
          form="enquiry"
          category={category}
          car={props.car}
          labelledBy={titleId}
          showExtras={props.showExtras ?? true}
          showOptIn
          extraFields={props.extraFields}
          navigate={props.navigate}
          alert={props.alert}
          post={props.post}
          onSuccess={props.onSuccess}
        />
      </FormDialog>
    </>
  );
}

/** Request photos: contact details only; the message is hidden and defaults to 'Please send photos for this car'. */
export function RequestPhotosDialog(props: LeadDialogProps) {
  const { open, setOpen, controlled } = useDialogState(props);
  const titleId = useId();
  return (
    <>
      {controlled ? null : <Trigger label={props.triggerLabel ?? "Request Photos"} className={props.triggerClassName} onClick={() => setOpen(true)} />}
      <FormDialog title={props.title ?? `Request photos${carTitle(props.car)}`} open={open} onClose={() => setOpen(false)} titleId={titleId}>
        <LeadForm
          config={props.config}
          form="request-photos"
          category={props.car?.car_type === "used" ? "Used Car Enquiry" : "New Car Enquiry"}
          subcategory="Request Photos"
          car={props.car}
          labelledBy={titleId}
          hiddenMessage={MESSAGES.requestPhotosDefault}
          showPreferredContact={false}
          extraFields={props.extraFields}
          navigate={props.navigate}
          alert={props.alert}
          post={props.post}
          onSuccess={props.onSuccess}
        />
      </FormDialog>
    </>
  );
}
