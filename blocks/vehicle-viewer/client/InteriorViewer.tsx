"use client";
import { useState } from "react";
import type { ViewerHotspot } from "./types";
import styles from "../vehicle-viewer.module.css";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";

/** The interior picture with its hotspots (the first position of each), each a button showing its description. */
export default function InteriorViewer({ src, hotspots, title }: { src: string; hotspots: ViewerHotspot[]; title: string }) {
  const [open, setOpen] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  return (
    <div className={styles.spin}>
      {failed ? (
        <div className={shared.placeholder}>Image unavailable</div>
      ) : (
        <img
          className={shared.media}
          src={src}
          alt={`${title}, interior`}
          width={800}
          height={600}
          onError={() => {
            console.warn(`[vehicle-page] interior image failed to load: ${src}`);
            setFailed(true);
          }}
        />
      )}
      {hotspots.map((h) => {
        const p = h.positions[0];
        if (!p) return null;
        return (
          <div key={h.id} className={styles.hotspot} style={{ left: `${p.x}%`, top: `${p.y}%` }}>
            <button type="button" className={styles.hotspotDot} aria-expanded={open === h.id} onClick={() => setOpen((s) => (s === h.id ? null : h.id))}>
              <span className="visually-hidden">{h.title}</span>
            </button>
            {open === h.id ? (
              <div className={styles.hotspotNote} role="note">
                <strong>{h.title}</strong> {h.description}
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
