"use client";
import { lazy, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ComponentType } from "react";
import { controlKey, findControl, type ControlKey } from "./control-key";
import { captureIslandState, restoreIslandState, visitorChangedFields, type IslandState } from "./island-state";

/**
 * When the browser fetches a deferred component's code and makes it live:
 *  - "visible": when it comes within 100 px of the viewport, or is hovered, touched, focused or
 *    clicked;
 *  - "scroll": on the first scroll, or when hovered, touched, focused or clicked (for parts with
 *    no place in the page to watch, such as fixed bars);
 *  - "idle": when the browser is idle after load, or earlier on scroll or interaction (for small
 *    parts other controls depend on, such as the lead dialog host).
 *
 * Nothing below the fold goes live just because the page has loaded: on the vehicle page doing
 * so put six long tasks (57 to 327 ms under a phone's CPU) into every load, which cost Lighthouse
 * 300 to 600 ms of Total Blocking Time. A visitor who interacts before a part is live loses
 * nothing (see island-state.ts).
 */
export type HydrateWhen = "visible" | "scroll" | "idle";

// Close to the viewport, not further: parts a screen below the first view stay static through
// the page's load (300 px brought the phone reveal and share bar to life during every load).
const NEAR_VIEWPORT = "100px";
const INTERACTION_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin", "click", "submit"] as const;

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
 * commit. What the visitor did meanwhile is carried over: typed values, the focused control, and a
 * click or form submission made before the code arrived (replayed once live; links still just
 * navigate).
 *
 * The wrapper uses `display: contents` (no box of its own) and is marked
 * `data-hydrate-later="pending"` until the code is here, "arrived" until the component is live
 * (a press under way is let end first: trackPress), then "done" (tests wait for these).
 */
export interface HydrateLaterOptions {
  /**
   * The island's forms work without its code (a GET form, as on the search page, with its own small
   * inline script): a form control's click and a form's submission go ahead natively instead of
   * being held for the code. On a slow phone the code can take many seconds to arrive and hydrate;
   * the native navigation is quicker. Clicks on other buttons are still held and replayed.
   */
  nativeForms?: boolean;
}

export function hydrateLater<P extends object>(
  load: () => Promise<ComponentType<P>>,
  when: HydrateWhen = "visible",
  options: HydrateLaterOptions = {},
): ComponentType<P> {
  let code: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const fetchCode = () =>
    (code ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const onServer = typeof window === "undefined";
  if (onServer) void fetchCode().catch(() => undefined);
  // On the server the component renders through React.lazy, handed a settled thenable once the
  // code is here (the import starts when this module loads): a plain promise would make each
  // wrapper suspend once, and the first render of a process (which the page cache may keep for
  // 60 s) would stream that part out of place. Only a render that beats the import waits.
  const ServerLazy = lazy(() => (loaded ? settled({ default: loaded }) : fetchCode().then((c) => ({ default: c }))));

  function HydrateLater(props: P) {
    const wrapper = useRef<HTMLDivElement>(null);
    // Mounted after hydration (a client-side navigation) with the code already here: live at once.
    const [Live, setLive] = useState<ComponentType<P> | null>(() => (onServer ? null : loaded));
    const carried = useRef<IslandState | null>(null);
    const pendingAction = useRef<PendingAction | null>(null);
    // True only while hydrating server markup. Mounted by a client-side navigation instead, there
    // is no server markup to keep: the wrapper is empty, so the code is fetched at once.
    const hydrating = useSyncExternalStore(noSubscription, isClient, isServer);
    const fromServerMarkup = useRef(hydrating);

    useEffect(() => {
      const element = wrapper.current;
      if (!element || Live) return;
      let cancelled = false;
      if (!fromServerMarkup.current) {
        fetchCode().then(
          (component) => !cancelled && setLive(() => component),
          (error: unknown) => console.warn(`[hydrate-later] a component's code failed to load: ${error instanceof Error ? error.message : String(error)}`),
        );
        return () => {
          cancelled = true;
        };
      }
      const releaseActions = holdActionsUntilLive(element, pendingAction, options.nativeForms === true);
      const stopRecapturing = recaptureUntilLive(element, carried);
      const press = trackPress(element);
      const stop = watchForHydration(element, when, () => {
        fetchCode().then(
          (component) => {
            if (cancelled) return;
            // The code is here; live once a press under way is over (tests wait on this mark).
            element.dataset.hydrateLater = "arrived";
            press.whenReleased(() => {
              if (cancelled) return;
              carried.current = captureIslandState(element);
              setLive(() => component);
            });
          },
          (error: unknown) => {
            console.warn(`[hydrate-later] a component's code failed to load: ${error instanceof Error ? error.message : String(error)}`);
            // Without its code the server markup is all there is: let links and forms work natively.
            releaseActions();
          },
        );
      });
      return () => {
        cancelled = true;
        stop();
        releaseActions();
        stopRecapturing();
        press.stop();
      };
    }, [Live]);

    useLayoutEffect(() => {
      if (!Live || !wrapper.current) return;
      if (carried.current) restoreIslandState(wrapper.current, carried.current);
      carried.current = null;
      const action = pendingAction.current;
      pendingAction.current = null;
      // After the commit, so the live component's handlers receive the replayed event.
      if (action) setTimeout(() => replayAction(wrapper.current, action), 0);
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
    // The inner HTML is empty on purpose: React then leaves the server's markup untouched until the component is live.
    return (
      <div
        key="static"
        ref={wrapper}
        style={{ display: "contents" }}
        data-hydrate-later="pending"
        dangerouslySetInnerHTML={{ __html: "" }}
        suppressHydrationWarning
      />
    );
  }
  HydrateLater.displayName = "HydrateLater";
  return HydrateLater;
}

/** A held action and the control it was made on, named so that it is found again in the live markup (see control-key.ts). */
type PendingAction = { kind: "click" | "submit"; key: ControlKey };

const ACTIONABLE = "button, input, select, textarea, summary, [role='button'], [tabindex]";

/**
 * While the island is static, a click on one of its buttons (not a link: links navigate as they
 * are) or a form submission is stopped and remembered, to be replayed on the same control once
 * live. Stops the native default (a static form would submit as a page load). Returns a clean-up.
 */
function holdActionsUntilLive(element: HTMLElement, pending: { current: PendingAction | null }, nativeForms: boolean): () => void {
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest("a[href]")) return;
    const control = target.closest(ACTIONABLE);
    if (!control || !element.contains(control)) return;
    if (nativeForms && hasFormOwner(control)) return;
    event.preventDefault();
    pending.current = { kind: "click", key: controlKey(element, ACTIONABLE, control) };
  };
  const onSubmit = (event: Event) => {
    if (!(event.target instanceof HTMLFormElement) || nativeForms) return;
    event.preventDefault();
    pending.current = { kind: "submit", key: controlKey(element, "form", event.target) };
  };
  element.addEventListener("click", onClick, true);
  element.addEventListener("submit", onSubmit, true);
  return () => {
    element.removeEventListener("click", onClick, true);
    element.removeEventListener("submit", onSubmit, true);
  };
}

/**
 * The visitor can go on typing between the code's arrival (when the state is first taken) and
 * React's commit of the live markup, a task or more later on a busy phone: the state is taken
 * again on every change until then, or a value typed in that gap is lost when the live markup
 * replaces the static one. Moving to another field counts as a change: focus given back to the
 * field the visitor left sends what they type next into the wrong field (a phone number typed
 * into the email field). So does scrolling a part the live component keeps the position of.
 * Returns a clean-up.
 */
function recaptureUntilLive(element: HTMLElement, carried: { current: IslandState | null }): () => void {
  let queued = false;
  // Taken once the event's task is done, not in it: Chromium fires blur, focusout and change on
  // the focused field while the commit removes it (the wrapper still attached, the focus already
  // gone), and taking the state then would lose the focus. By the time a microtask runs, that
  // commit has restored the state and cleared it. A real move (focusout, then focusin) ends with
  // the field moved to, as the visitor left it.
  const recapture = () => {
    if (queued || !carried.current) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      if (carried.current && element.isConnected) carried.current = captureIslandState(element);
    });
  };
  for (const type of RECAPTURE_EVENTS) element.addEventListener(type, recapture, { capture: true, passive: true });
  return () => {
    for (const type of RECAPTURE_EVENTS) element.removeEventListener(type, recapture, true);
  };
}

/** How long a release may take to bring its click (a touch's click comes a task or more after its touchend). */
const CLICK_AFTER_RELEASE_MS = 500;

/**
 * Whether a press is under way on the island (a pointer down on it, not yet up; or the space bar
 * down on a control it activates), and a way to run something once it is over. The browser sends
 * a click only when the pointer comes up on the element it went down on (and the space bar's
 * click only to the control that had its keydown), and the press itself opens the gate
 * (pointerdown, or the focus before the key): when the code arrived between the press and its
 * release, the live markup replaced the button pressed and the click was lost, neither sent
 * natively nor held to be replayed; the visitor had to press again. The swap now waits for the
 * click (held and replayed, or sent natively). Returns the clean-up too.
 */
export function trackPress(element: HTMLElement): { whenReleased: (run: () => void) => void; stop: () => void } {
  const view = element.ownerDocument.defaultView ?? window;
  /** The pointer pressing (or SPACE_BAR), while a press of the primary button by the primary pointer (or of the space bar) is under way. */
  let pressing: number | null = null;
  let waiting: (() => void) | null = null;
  let afterRelease: (() => void) | null = null;
  let queued = 0;
  // A press may have begun before this watch did (the page's code still arriving when the visitor
  // pressed): the browser marks what is being pressed as :active, for the pointer and the space bar.
  if (element.querySelector(":active")) pressing = UNKNOWN_PRESS;
  const whenReleased = (run: () => void) => {
    if (pressing !== null) waiting = run;
    else run();
  };
  const onDown = (event: PointerEvent) => {
    // A press that can click: not a second finger, not the secondary button (its menu may open on
    // the way down, and no release may follow).
    if (event.isPrimary === false || event.button > 0) return;
    pressing = event.pointerId ?? 0;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Enter clicks on its keydown, at once; the space bar clicks when it comes up.
    if (event.key === " " && !event.repeat && pressing === null && event.target instanceof Element && event.target.matches(CLICKS_ON_SPACE))
      pressing = SPACE_BAR;
  };
  const onUp = (event: Event) => {
    if (pressing === null) return;
    // A capturing listener on the window also sees each element's blur (the press itself moves the focus).
    if (event.type === "blur" && event.target !== view) return;
    const unknown = pressing === UNKNOWN_PRESS;
    if ((event.type === "pointerup" || event.type === "pointercancel") && !unknown && ((event as PointerEvent).pointerId ?? 0) !== pressing) return;
    if (event.type === "keyup" && ((pressing !== SPACE_BAR && !unknown) || (event as KeyboardEvent).key !== " ")) return;
    pressing = null;
    const run = waiting;
    waiting = null;
    if (!run) return;
    // After the click the release brings (at once for a press that became a scroll, a drag or a
    // menu, or lost the window), in a task of its own, so that the click's own handlers have run on
    // the static markup first; a new press begun meanwhile is waited for too.
    let timer = 0;
    const go = () => {
      afterRelease?.();
      queued = view.setTimeout(() => whenReleased(run), 0);
    };
    afterRelease = () => {
      afterRelease = null;
      view.clearTimeout(timer);
      view.removeEventListener("click", go, true);
    };
    if (event.type !== "pointerup" && event.type !== "keyup") return go();
    view.addEventListener("click", go, { capture: true, once: true });
    timer = view.setTimeout(go, CLICK_AFTER_RELEASE_MS);
  };
  element.addEventListener("pointerdown", onDown, { capture: true, passive: true });
  element.addEventListener("keydown", onKeyDown, { capture: true, passive: true });
  for (const type of RELEASE_EVENTS) view.addEventListener(type, onUp, { capture: true, passive: true });
  return {
    whenReleased,
    stop: () => {
      element.removeEventListener("pointerdown", onDown, true);
      element.removeEventListener("keydown", onKeyDown, true);
      for (const type of RELEASE_EVENTS) view.removeEventListener(type, onUp, true);
      afterRelease?.();
      view.clearTimeout(queued);
      waiting = null;
    },
  };
}

// Listened for on the window: the pointer may come up anywhere. A press also ends without a click
// when it becomes a native drag or opens the context menu, or when the window loses the focus.
const RELEASE_EVENTS = ["pointerup", "pointercancel", "keyup", "dragstart", "contextmenu", "blur"] as const;

/** `pressing` for a press of the space bar, and for one begun before the watch (pointer ids are never negative). */
const SPACE_BAR = -1;
const UNKNOWN_PRESS = -2;

/** The controls the space bar clicks when it comes up. */
const CLICKS_ON_SPACE =
  "button, summary, [role='button'], input[type='button'], input[type='submit'], input[type='reset'], input[type='checkbox'], input[type='radio'], input[type='image']";

// A part's scroll event does not bubble, but listeners on its ancestors see it while capturing.
const RECAPTURE_EVENTS = ["input", "change", "focusin", "focusout", "scroll"] as const;

/** A field or button that belongs to a form (inside it, or tied to it by its `form` attribute). */
function hasFormOwner(control: Element): boolean {
  const owner = (control as Partial<HTMLInputElement>).form;
  return owner instanceof HTMLFormElement;
}

function replayAction(root: HTMLElement | null, action: PendingAction): void {
  if (!root) return;
  const target = findControl(root, action.kind === "click" ? ACTIONABLE : "form", action.key);
  if (action.kind === "click") (target as HTMLElement | undefined)?.click();
  else if (target instanceof HTMLFormElement) target.requestSubmit();
}

/** A thenable that calls back synchronously: React.lazy then resolves during the same render. */
function settled<T>(value: T): Promise<T> {
  return { then: (onFulfilled: (v: T) => unknown) => settled(onFulfilled(value)) } as unknown as Promise<T>;
}

/** Calls `open` once, at the first trigger of `when` (see HydrateWhen). Returns a clean-up. */
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
    element.addEventListener(type, fire, { capture: true, passive: true });
    cleanups.push(() => element.removeEventListener(type, fire, { capture: true }));
  }

  if (when === "visible" && typeof IntersectionObserver !== "undefined") {
    // The wrapper has no box (display: contents): watch its children, or, when the server
    // rendered nothing (a part that shows only once it has fetched something, like the price
    // gauge), its neighbours, which sit where it will appear (an ancestor would be too coarse:
    // the vehicle page's whole column of sections), else the nearest ancestor with a box.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && fire(), { rootMargin: NEAR_VIEWPORT });
    const neighbours = [element.previousElementSibling, element.nextElementSibling].filter((e): e is Element => e !== null);
    const targets =
      element.children.length > 0
        ? Array.from(element.children)
        : neighbours.length > 0
          ? neighbours
          : [boxedAncestor(element)].filter((e): e is Element => e !== null);
    for (const target of targets) observer.observe(target);
    cleanups.push(() => observer.disconnect());
  }
  if (when === "scroll" || when === "idle") {
    window.addEventListener("scroll", fire, { passive: true, once: true });
    cleanups.push(() => window.removeEventListener("scroll", fire));
  }
  if (when === "idle") cleanups.push(whenIdleAfterLoad(fire));
  // What opens the gate may have happened before the page's code arrived to watch for it, and
  // need not happen again: a visitor who focused a field and typed into it before hydration
  // (focus does not arrive twice) or a page already scrolled (to a #fragment, or put back by the
  // browser). Left static, such a form would not offer the times for the date just typed until
  // the visitor did something else.
  if (engagedAlready(element, when)) fire();
  return () => {
    done = true;
    for (const c of cleanups.splice(0)) c();
  };
}

function engagedAlready(element: HTMLElement, when: HydrateWhen): boolean {
  const active = element.ownerDocument.activeElement;
  if (active && active !== element && element.contains(active)) return true;
  if (visitorChangedFields(element)) return true;
  return when !== "visible" && (window.scrollX !== 0 || window.scrollY !== 0);
}

function boxedAncestor(element: Element): Element | null {
  let node = element.parentElement;
  while (node && getComputedStyle(node).display === "contents") node = node.parentElement;
  return node;
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

const noSubscription = () => () => {};
const isClient = () => false;
const isServer = () => true;
