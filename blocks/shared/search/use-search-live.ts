"use client";
import { useEffect, useState } from "react";
import { useInstantSearch } from "react-instantsearch";

/**
 * True once InstantSearch has started and rendered its widgets: from then on a filter's refine
 * reaches the search. Until then the page's GET form stays "idle" (data-live="false") and the
 * pre-hydration script submits a changed control as a page load (see PRE_HYDRATION_SCRIPT).
 *
 * Why not "mounted": the app is mounted fresh when its static island goes live, and in that first
 * commit each connector holds the state of a throwaway helper (react-instantsearch computes it
 * before the widget is added), so a refine is a no-op and React puts the controlled checkbox back.
 * Widgets are added in layout effects and first rendered by InstantSearch's deferred render; on a
 * loaded phone a click landed in between and was lost. Waiting for the instance's "render" event
 * closes that gap: its widgets' state updates are queued before ours and commit with it.
 */
export function useSearchLive(): boolean {
  const { addMiddlewares } = useInstantSearch();
  const [live, setLive] = useState(false);
  useEffect(
    () =>
      addMiddlewares(({ instantSearchInstance }) => {
        // Widgets render only once the index has results (a remount without the server's results
        // searches first), so the first render with results is the one that makes them live.
        const onRender = () => {
          if (!instantSearchInstance.mainIndex.getResults()) return;
          instantSearchInstance.removeListener("render", onRender);
          setLive(true);
        };
        return {
          $$type: "dealer-platform.search-live",
          onStateChange() {},
          subscribe() {
            instantSearchInstance.on("render", onRender);
            // Started before this middleware: ask for a render rather than wait for the next search.
            instantSearchInstance.scheduleRender(false);
          },
          started() {},
          unsubscribe() {
            instantSearchInstance.removeListener("render", onRender);
          },
        };
      }),
    [addMiddlewares],
  );
  return live;
}
