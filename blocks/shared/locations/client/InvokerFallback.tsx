"use client";
import { useEffect } from "react";

/**
 * Invoker commands (`commandfor` / `command` on a button) open and close the holiday hours dialog
 * without JavaScript in current browsers. Where the browser lacks them (Safari before 26.2,
 * Firefox before 144), this does the same two commands; it renders nothing.
 */
export function InvokerFallback() {
  useEffect(() => {
    if ("commandForElement" in HTMLButtonElement.prototype) return;
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest?.("button[commandfor]");
      if (!button) return;
      const target = document.getElementById(button.getAttribute("commandfor") ?? "");
      if (!(target instanceof HTMLDialogElement)) return;
      const command = button.getAttribute("command");
      if (command === "show-modal" && !target.open) target.showModal();
      else if (command === "close" && target.open) target.close();
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  return null;
}
