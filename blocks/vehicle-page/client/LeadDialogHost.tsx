"use client";
import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import type { LeadDialogsProps } from "@/blocks/shared/vehicle-page/client/LeadDialogs";
import {
  closeLeadDialog,
  leadDialogServerSnapshot,
  leadDialogSnapshot,
  loadLeadDialogs,
  registerLeadDialogHost,
  subscribeLeadDialog,
} from "@/blocks/shared/vehicle-page/client/lead-dialog-store";

type Props = Omit<LeadDialogsProps, "request" | "onClose">;
type DialogsComponent = (props: LeadDialogsProps) => ReactNode;

/**
 * The vehicle page's one lead-dialog host. Renders nothing until a trigger asks for a dialog; then
 * imports the dialogs (the lead form kit) and shows the requested one. If that code cannot load
 * (offline, a new deployment), the shopper goes to the trigger's own page instead.
 */
export function LeadDialogHost(props: Props) {
  const request = useSyncExternalStore(subscribeLeadDialog, leadDialogSnapshot, leadDialogServerSnapshot);
  const [Dialogs, setDialogs] = useState<DialogsComponent | null>(null);
  useEffect(() => registerLeadDialogHost(), []);
  useEffect(() => {
    if (!request || Dialogs) return;
    let live = true;
    loadLeadDialogs().then(
      (m) => {
        if (live) setDialogs(() => m.LeadDialogs);
      },
      (e: unknown) => {
        console.warn(`[vehicle-page] lead dialog could not load, opening ${request.href}: ${e instanceof Error ? e.message : String(e)}`);
        closeLeadDialog();
        window.location.assign(request.href);
      },
    );
    return () => {
      live = false;
    };
  }, [request, Dialogs]);
  if (!Dialogs)
    return request ? (
      <span className="visually-hidden" role="status">
        Loading the form…
      </span>
    ) : null;
  return <Dialogs {...props} request={request} onClose={closeLeadDialog} />;
}
