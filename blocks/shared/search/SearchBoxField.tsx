"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useSearchBox } from "react-instantsearch";
import { SEARCH_DEBOUNCE_MS } from "@/blocks/shared/search/domain/slider";
import styles from "./search.module.css";

/** Search box: refines 300 ms after the last keystroke, or at once on Enter. */
export function SearchBoxField({ placeholder }: { placeholder: string }) {
  const { query, refine } = useSearchBox();
  const [value, setValue] = useState(query);
  const sent = useRef(query);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const id = useId();

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

  return (
    <form
      role="search"
      className={styles.searchBox}
      action=""
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
        type="search"
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
