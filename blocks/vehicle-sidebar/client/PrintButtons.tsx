"use client";
import { useState } from "react";
import { trackEvent } from "@/runtime/analytics";
import styles from "../vehicle-sidebar.module.css";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";

/** Print opens /print?car_id={slug} in a new tab (event 61); the PDF button downloads {slug}.pdf, reading 'Preparing...' meanwhile and alerting the message on failure. */
export function PrintButtons({ slug, carId, printHref, pdf, sink }: { slug: string; carId: number; printHref: string; pdf: boolean; sink?: string }) {
  const [preparing, setPreparing] = useState(false);
  const download = async () => {
    setPreparing(true);
    trackEvent("print", { car_id: carId, format: "pdf" }, sink);
    try {
      const res = await fetch(`/api/cars/${encodeURIComponent(slug)}/pdf`);
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        throw new Error(body?.message ?? `The PDF could not be prepared (HTTP ${res.status})`);
      }
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = `${slug}.pdf`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      window.alert(e instanceof Error ? e.message : String(e));
    } finally {
      setPreparing(false);
    }
  };
  return (
    <div className={styles.printRow}>
      <a className={shared.linkButton} href={printHref} target="_blank" rel="noopener" onClick={() => trackEvent("print", { car_id: carId }, sink)}>
        Print<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      {pdf ? (
        <button type="button" className={shared.linkButton} onClick={download} disabled={preparing} aria-live="polite">
          {preparing ? "Preparing..." : "Download PDF"}
        </button>
      ) : null}
    </div>
  );
}
