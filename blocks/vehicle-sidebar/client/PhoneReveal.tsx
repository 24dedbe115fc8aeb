"use client";
import { useRef, useState } from "react";
import { trackEvent } from "@/runtime/analytics";
import styles from "@/blocks/shared/vehicle-page/vehicle-page.module.css";

interface PhoneRevealProps {
  phone: string;
  masked: string;
  telHref: string;
  slug: string;
  carId: number;
  /** Some sites show the number from the start. */
  revealed: boolean;
  sink?: string;
}

/**
 * The dealer's number, masked (first 5 characters, then stars) until pressed. Pressing reveals it,
 * records the reveal (POST /api/cars/{slug}/phone-reveal; a failure is only logged) and moves
 * focus to the now-callable number.
 */
export function PhoneReveal({ phone, masked, telHref, slug, carId, revealed: initiallyRevealed, sink }: PhoneRevealProps) {
  const [revealed, setRevealed] = useState(initiallyRevealed);
  const link = useRef<HTMLAnchorElement>(null);
  const reveal = () => {
    setRevealed(true);
    trackEvent("phoneClick", { car_id: carId }, sink);
    fetch(`/api/cars/${encodeURIComponent(slug)}/phone-reveal`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
      keepalive: true,
    })
      .then((r) => {
        if (!r.ok) console.warn(`[vehicle-page] phone reveal not recorded: HTTP ${r.status}`);
      })
      .catch((e: unknown) => console.warn(`[vehicle-page] phone reveal not recorded: ${e instanceof Error ? e.message : String(e)}`));
    requestAnimationFrame(() => link.current?.focus());
  };
  if (!revealed) {
    return (
      <button type="button" className={`${styles.button} ${styles.buttonOutline}`} onClick={reveal} data-testid="phone-reveal">
        <PhoneIcon />
        <span aria-hidden="true">{masked}</span>
        <span className="visually-hidden">Show phone number</span>
      </button>
    );
  }
  return (
    <a
      ref={link}
      className={`${styles.button} ${styles.buttonOutline}`}
      href={telHref}
      onClick={initiallyRevealed ? () => trackEvent("phoneClick", { car_id: carId }, sink) : undefined}
      data-testid="phone-number"
    >
      <PhoneIcon />
      <span>
        <span className="visually-hidden">Call </span>
        {phone}
      </span>
    </a>
  );
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M6.6 10.8a15.1 15.1 0 006.6 6.6l2.2-2.2a1 1 0 011-.25 11.4 11.4 0 003.6.57 1 1 0 011 1V20a1 1 0 01-1 1A17 17 0 013 4a1 1 0 011-1h3.5a1 1 0 011 1c0 1.25.2 2.45.57 3.57a1 1 0 01-.25 1z"
        fill="currentColor"
      />
    </svg>
  );
}
