"use client";
import { lazy, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from "react";

/**
 * When the browser should fetch a deferred component's code and hydrate it:
 *  - "visible": when it comes within 300 px of the viewport, is hovered, touched or focused, or
 *    the browser is idle after the page has loaded (whichever is first);
 *  - "idle": when the browser is idle after load, or on the first scroll or interaction.
 */
export type HydrateWhen = "visible" | "idle";

const NEAR_VIEWPORT = "300px";
const INTERACTION_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;

/**
 * Wraps a client component so that the server still renders its HTML but the browser fetches its
 * code and makes it interactive later (see HydrateWhen) instead of during the page's first load.
 *
 * Why not next/dynamic: next/dynamic puts the chunk of every server-rendered component in the
 * HTML for immediate download. On the vehicle page the below-the-fold widgets (calculators,
 * share bar, similar cars, dialogs) then competed with the main picture for bandwidth and kept
 * its Largest Contentful Paint over 2 s on a throttled phone.
 *
 * Why not a Suspense boundary around a lazy component (React's own way to hydrate a part later):
 * React 19.2 streams every completed boundary over 500 bytes that comes after the first 12.8 KB of
 * a page as a hidden chunk at the end of the HTML, revealed by script after the first paint (and
 * throttled to one reveal per 300 ms), so the page shifted as the parts appeared (Lighthouse
 * CLS 0.068) and they were invisible without JavaScript.
 *
 * So this is a static island: the server renders the component in place (no boundary). In the
 * browser the wrapper is hydrated with empty `dangerouslySetInnerHTML`, which React leaves alone,
 * so the server's markup stays as it is. When the gate opens, the code is fetched and the wrapper
 * is replaced (a new key) by one that renders the component: the same markup, now live, in one
 * commit, with focus handed back to the same control if the visitor had focused one.
 *
 * The wrapper uses `display: contents` (no box of its own) and is marked
 * `data-hydrate-later="pending"` until the component is live, then "done" (tests wait for it).
 */
export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>, when: HydrateWhen = "visible"): ComponentType<P> {
  let code: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const fetchCode = () =>
    (code ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const onServer = typeof window === "undefined";
  if (onServer) void fetchCode().catch(() => undefined);
  // On the server the component renders through a lazy wrapper handed a settled thenable once the
  // code is here, so it renders in the same pass (only the very first render waits for the import).
  const ServerLazy = lazy(() => (loaded ? settled({ default: loaded }) : fetchCode().then((c) => ({ default: c }))));

  function HydrateLater(props: P) {
    const wrapper = useRef<HTMLDivElement>(null);
    // Mounted after hydration (a client-side navigation) with the code already here: live at once.
    const [Live, setLive] = useState<ComponentType<P> | null>(() => (onServer ? null : loaded));
    const focusIndex = useRef(-1);

    useEffect(() => {
      const element = wrapper.current;
      if (!element || Live) return;
      let cancelled = false;
      const stop = watchForHydration(element, when, () => {
        fetchCode().then(
          (component) => {
            if (cancelled) return;
            focusIndex.current = focusedControlIndex(wrapper.current);
            setLive(() => component);
          },
          (error: unknown) => console.warn(`[hydrate-later] a component's code failed to load: ${error instanceof Error ? error.message : String(error)}`),
        );
      });
      return () => {
        cancelled = true;
        stop();
      };
    }, [Live]);

    useLayoutEffect(() => {
      if (!Live || focusIndex.current < 0) return;
      focusables(wrapper.current)[focusIndex.current]?.focus();
      focusIndex.current = -1;
    }, [Live]);

    if (onServer) {
      return (
        <div style={{ display: "contents" }} data-hydrate-later="pending">
          <ServerLazy {...props} />
        </div>
      );
    }
    if (Live) {
      return (
        <div key="live" ref={wrapper} style={{ display: "contents" }} data-hydrate-later="done">
          <Live {...props} />
        </div>
      );
    }
    // eslint-disable-next-line react/no-danger -- empty on purpose: keeps the server's markup untouched until the component is live
    return <div key="static" ref={wrapper} style={{ display: "contents" }} data-hydrate-later="pending" dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  }
  HydrateLater.displayName = "HydrateLater";
  return HydrateLater;
}

const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";
function focusables(root: HTMLElement | null): HTMLElement[] {
  return root ? Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
}
function focusedControlIndex(root: HTMLElement | null): number {
  const active = typeof document === "undefined" ? null : document.activeElement;
  return root && active && root.contains(active) ? focusables(root).indexOf(active as HTMLElement) : -1;
}

/** A thenable that calls back synchronously: React.lazy then resolves during the same render. */
function settled<T>(value: T): Promise<T> {
  return { then: (onFulfilled: (v: T) => unknown) => settled(onFulfilled(value)) } as unknown as Promise<T>;
}

/** Calls `open` once, at the first of: near the viewport ("visible" only), interaction, scroll ("idle" only), or idle after load. Returns a clean-up. */
export function watchForHydration(element: HTMLElement, when: HydrateWhen, open: () => void): () => void {
  const cleanups: (() => void)[] = [];
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    open();
    for (const c of cleanups.splice(0)) c();
  };

  for (const type of INTERACTION_EVENTS) {
    element.addEventListener(type, fire, { capture: true, passive: true, once: true });
    cleanups.push(() => element.removeEventListener(type, fire, { capture: true }));
  }

  if (when === "visible" && typeof IntersectionObserver !== "undefined") {
    // The wrapper has no box (display: contents): watch its children.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && fire(), { rootMargin: NEAR_VIEWPORT });
    for (const child of Array.from(element.children)) observer.observe(child);
    cleanups.push(() => observer.disconnect());
  }
  if (when === "idle") {
    window.addEventListener("scroll", fire, { passive: true, once: true });
    cleanups.push(() => window.removeEventListener("scroll", fire));
  }

  // Idle after load: everything is interactive soon, even what nobody scrolls to.
  cleanups.push(whenIdleAfterLoad(fire));
  return () => {
    done = true;
    for (const c of cleanups.splice(0)) c();
  };
}

/** Calls `callback` once the page has loaded and the browser is idle (at most 2 s after load). Returns a clean-up. */
export function whenIdleAfterLoad(callback: () => void): () => void {
  let cancelIdle: (() => void) | null = null;
  const afterLoad = () => {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(callback, { timeout: 2000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(callback, 200);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
  return () => {
    window.removeEventListener("load", afterLoad);
    cancelIdle?.();
  };
}
