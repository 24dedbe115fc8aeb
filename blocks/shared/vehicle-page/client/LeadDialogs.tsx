"use client";
/**
 * The vehicle page's lead dialogs (loaded on demand by LeadDialogHost, never with the page):
 * enquiry, test drive and request photos from the shared form kit, and 'Find Me Something
 * Similar' as the enquiry with a prefilled message. The car's fields travel with each lead.
 */
import { useId } from "react";
import type { FormConfig } from "@/blocks/shared/forms/config";
import type { CarContext } from "@/blocks/shared/forms/car";
import { EnquiryDialog, RequestPhotosDialog, TestDriveDialog } from "@/blocks/shared/forms/dialogs/dialogs";
import { FormDialog } from "@/blocks/shared/forms/dialogs/FormDialog";
import { LeadForm } from "@/blocks/shared/forms/LeadForm";
import type { LeadFormHooks } from "@/blocks/shared/forms/useLeadForm";
import type { LeadDialogKind, LeadDialogRequest } from "./lead-dialog-store";

export interface LeadDialogsProps extends LeadFormHooks {
  config: FormConfig;
  car: CarContext;
  /** Lead fields the car context does not carry (Vehicle Year). */
  extraFields?: Record<string, unknown>;
  /** The message of 'Find Me Something Similar'. */
  findSimilarMessage: string;
  findSimilarTitle?: string;
  request: LeadDialogRequest | null;
  onClose: () => void;
}

export function LeadDialogs(props: LeadDialogsProps) {
  const { config, car, extraFields, request, onClose } = props;
  const hooks: LeadFormHooks = { navigate: props.navigate, alert: props.alert, post: props.post, onSuccess: props.onSuccess };
  const kind = request?.kind ?? null;
  const similarTitleId = useId();
  const onOpenChange = (k: LeadDialogKind) => (open: boolean) => {
    if (!open && kind === k) onClose();
  };
  return (
    <>
      <EnquiryDialog config={config} car={car} extraFields={extraFields} open={kind === "enquire"} onOpenChange={onOpenChange("enquire")} {...hooks} />
      <TestDriveDialog config={config} car={car} extraFields={extraFields} open={kind === "test-drive"} onOpenChange={onOpenChange("test-drive")} {...hooks} />
      <RequestPhotosDialog
        config={config}
        car={car}
        extraFields={extraFields}
        open={kind === "request-photos"}
        onOpenChange={onOpenChange("request-photos")}
        {...hooks}
      />
      <FormDialog
        title={props.findSimilarTitle ?? "Find me something similar"}
        open={kind === "find-similar"}
        onClose={() => onOpenChange("find-similar")(false)}
        titleId={similarTitleId}
      >
        <LeadForm
          config={config}
          form="enquiry"
          category={car.car_type === "used" ? "Used Car Enquiry" : "New Car Enquiry"}
          car={car}
          labelledBy={similarTitleId}
          showExtras
          showOptIn
          initial={{ message: props.findSimilarMessage }}
          extraFields={extraFields}
          {...hooks}
        />
      </FormDialog>
    </>
  );
}
