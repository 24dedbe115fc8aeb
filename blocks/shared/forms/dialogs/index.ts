/** Lead form dialogs for the vehicle page (client components): pass formConfig(manifest) from the server. */
export { TestDriveDialog, EnquiryDialog, RequestPhotosDialog, type LeadDialogProps } from "./dialogs";
export { FormDialog, type FormDialogProps } from "./FormDialog";
