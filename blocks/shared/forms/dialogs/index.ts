/** Lead form dialogs for the vehicle page (client components): pass formConfig(manifest) from the server. */
export { TestDriveDialog, EnquiryDialog, RequestPhotosDialog, REQUEST_PHOTOS_MESSAGE, type LeadDialogProps } from "./dialogs";
export { FormDialog, type FormDialogProps } from "./FormDialog";
