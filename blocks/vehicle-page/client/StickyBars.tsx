"use client";
import { useEffect, useRef, useState } from "react";
import styles from "../vehicle-page.module.css";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";
import { LeadDialogLink } from "@/blocks/shared/vehicle-page/client/LeadDialogLink";
import type { LeadDialogKind } from "@/blocks/shared/vehicle-page/client/lead-dialog-store";

export const STICKY_HEADER_AT = 500;
export const STICKY_BAR_CHANGE_AT = 900;

export interface BarAction {
  label: string;
  href: string;
  /** Opens this lead dialog (the link stays the no-JS fallback). */
  dialog?: LeadDialogKind;
}

function ActionLink({ action, className }: { action: BarAction; className: string }) {
  return action.dialog ? (
    <LeadDialogLink kind={action.dialog} href={action.href} className={className}>
      {action.label}
    </LeadDialogLink>
  ) : (
    <a className={className} href={action.href}>
      {action.label}
    </a>
  );
}

/**
 * The sticky header (title, price, one action) once the page is scrolled 500 px, and the dealer's
 * sticky bottom bar whose actions change after 900 px. Neither may cover the element the keyboard
 * focused: the page keeps scroll-padding for both, and a focused element that still ends up
 * underneath is scrolled to the middle of the window (never one a pointer pressed: see below).
 */
export function StickyBars({
  title,
  priceText,
  headerAction,
  barActions,
  scrolledBarActions,
}: {
  title: string;
  priceText: string | null;
  headerAction: BarAction | null;
  barActions: BarAction[] | null;
  scrolledBarActions: BarAction[] | null;
}) {
  const [y, setY] = useState(0);
  const header = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setY(window.scrollY));
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    // A press of the mouse, pen or finger focuses what it presses, which the visitor is looking at:
    // scrolling then would move the page between the press and the release, and the click would land
    // on whatever is under the pointer afterwards (the press reached no handler). Only focus that the
    // keyboard moved, or that a script moved after a key, is kept clear of the bars.
    let pressed = false;
    const onPointerDown = () => {
      pressed = true;
    };
    const onKeyDown = () => {
      pressed = false;
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    document.addEventListener("keydown", onKeyDown, true);
    const onFocus = (event: FocusEvent) => {
      const el = event.target as HTMLElement | null;
      if (pressed || !el || typeof el.getBoundingClientRect !== "function" || header.current?.contains(el) || bar.current?.contains(el)) return;
      const r = el.getBoundingClientRect();
      const top = header.current && header.current.dataset.shown === "true" ? header.current.getBoundingClientRect().bottom : 0;
      const bottom = bar.current ? bar.current.getBoundingClientRect().top : window.innerHeight;
      if (r.top < top || r.bottom > bottom) el.scrollIntoView({ block: "center" });
    };
    document.addEventListener("focusin", onFocus);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      document.removeEventListener("focusin", onFocus);
      document.removeEventListener("pointerdown", onPointerDown, true);
      document.removeEventListener("keydown", onKeyDown, true);
    };
  }, []);
  const showHeader = y >= STICKY_HEADER_AT;
  const actions = y >= STICKY_BAR_CHANGE_AT && scrolledBarActions ? scrolledBarActions : barActions;
  return (
    <>
      <div ref={header} className={styles.stickyHeader} data-shown={showHeader ? "true" : "false"} inert={!showHeader}>
        <div className={styles.stickyInner}>
          <p className={styles.stickyTitle}>{title}</p>
          {priceText ? <p className={styles.stickyPrice}>{priceText}</p> : null}
          {headerAction ? <ActionLink action={headerAction} className={shared.button} /> : null}
        </div>
      </div>
      {actions && actions.length ? (
        <>
          <div className={styles.barSpacer} aria-hidden="true" />
          <div ref={bar} className={styles.stickyBar} data-scrolled={y >= STICKY_BAR_CHANGE_AT ? "true" : "false"} data-testid="sticky-bar">
            {y >= STICKY_BAR_CHANGE_AT && priceText ? <span className={styles.stickyPrice}>{priceText}</span> : null}
            {actions.map((a) => (
              <ActionLink key={a.label} action={a} className={`${shared.button} ${styles.barButton}`} />
            ))}
          </div>
        </>
      ) : null}
    </>
  );
}
