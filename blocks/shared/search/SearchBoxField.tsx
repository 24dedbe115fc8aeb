"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useSearchBox } from "react-instantsearch";
import { SEARCH_DEBOUNCE_MS } from "@/blocks/shared/search/domain/slider";
import styles from "./search.module.css";

/** Search box: refines 300 ms after the last keystroke, or at once on Enter. */
export function SearchBoxField({ placeholder, formId, action, live }: { placeholder: string; formId: string; action: string; live: boolean }) {
  const { query, refine } = useSearchBox();
  const [value, setValue] = useState(query);
  const sent = useRef(query);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);

  // Back/forward or 'Clear Filters' changed the query: show it.
  useEffect(() => {
    if (query !== sent.current) {
      sent.current = query;
      setValue(query);
    }
  }, [query]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const send = (text: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    sent.current = text;
    refine(text);
  };
  // Text typed before the app was live (the page's scripts come after its first paint) is searched once it is.
  useEffect(() => {
    const typed = input.current?.value ?? "";
    if (typed === sent.current) return;
    timer.current = setTimeout(() => {
      setValue(typed);
      send(typed);
    }, SEARCH_DEBOUNCE_MS);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    // The page's one GET form: the filters, make and sort controls elsewhere on the page join it
    // through their form attribute, so before (or without) JavaScript a submission is a search URL.
    <form
      id={formId}
      role="search"
      className={styles.searchBox}
      method="get"
      action={action}
      // The range fields hold the sliders' bounds, which need not fall on a step: the server reads them.
      noValidate
      data-live={live ? "true" : "false"}
      onSubmit={(e) => {
        e.preventDefault();
        send(value);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search stock
      </label>
      <input
        id={id}
        ref={input}
        type="search"
        name="query"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={200}
        onChange={(e) => {
          const text = e.target.value;
          setValue(text);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => send(text), SEARCH_DEBOUNCE_MS);
        }}
      />
      <button type="submit" className={styles.searchButton}>
        Search
      </button>
    </form>
  );
}
