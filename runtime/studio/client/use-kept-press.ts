"use client";
/**
 * A press that the studio's own re-render moved away from under a still pointer still clicks what
 * was pressed. Leaving a text field sends its change as the button goes down (the blur comes with
 * the press), and the answer can put a line above (a status, a refusal, a to-do): the button moves,
 * the release lands on whatever slid under the pointer, and the browser clicks neither. The person
 * saw their click do nothing and may click again (adding two entries).
 *
 * The press is kept only when the pointer did not move between press and release (a pointer that
 * moved is a drag or a change of mind, which the browser's own rule already serves) and the pressed
 * control itself moved on the page.
 */
import { useEffect, type RefObject } from "react";

/** What a press may mean to click: the controls the studio's forms are made of. */
const PRESSABLE = "button, summary, a[href], input[type=checkbox], input[type=radio], input[type=submit]";
/** How far the pointer may wander (CSS px) and still be the same press. */
const STILL_PX = 4;

interface Press {
  control: HTMLElement;
  x: number;
  y: number;
  top: number;
  left: number;
}

/** Where a release after `press` should click, or null when the browser's own click is right. */
export function keptPressTarget(press: Press | null, release: { x: number; y: number; target: EventTarget | null }): HTMLElement | null {
  if (!press || !press.control.isConnected) return null;
  if (Math.hypot(release.x - press.x, release.y - press.y) > STILL_PX) return null;
  if (release.target instanceof Node && press.control.contains(release.target)) return null;
  const now = press.control.getBoundingClientRect();
  if (now.top === press.top && now.left === press.left) return null;
  if (press.control instanceof HTMLButtonElement && press.control.disabled) return null;
  return press.control;
}

/** Watches presses inside `root` (the editor) while it is mounted. */
export function useKeptPress(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    let press: Press | null = null;
    const onDown = (e: PointerEvent) => {
      press = null;
      if (!e.isPrimary || e.button !== 0 || !(e.target instanceof Element)) return;
      const control = e.target.closest<HTMLElement>(PRESSABLE);
      if (!control || !el.contains(control)) return;
      const r = control.getBoundingClientRect();
      press = { control, x: e.clientX, y: e.clientY, top: r.top, left: r.left };
    };
    const onUp = (e: PointerEvent) => {
      if (!e.isPrimary) return;
      const target = keptPressTarget(press, { x: e.clientX, y: e.clientY, target: e.target });
      press = null;
      // After the browser's own events for this release (its click goes to the common ancestor, which has no action).
      if (target) setTimeout(() => target.click(), 0);
    };
    const onCancel = () => (press = null);
    // Capture on the document: a release may land outside the editor once the layout moved.
    el.addEventListener("pointerdown", onDown, { capture: true, passive: true });
    document.addEventListener("pointerup", onUp, { capture: true, passive: true });
    document.addEventListener("pointercancel", onCancel, { capture: true, passive: true });
    return () => {
      el.removeEventListener("pointerdown", onDown, true);
      document.removeEventListener("pointerup", onUp, true);
      document.removeEventListener("pointercancel", onCancel, true);
    };
  }, [root]);
}
