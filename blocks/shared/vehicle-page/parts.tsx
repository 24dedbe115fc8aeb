/** Server-rendered pieces the vehicle page's section blocks share. */
import type { ReactNode } from "react";
import { Collapsible } from "./client/Collapsible";
import type { Spec } from "./domain/specs";
import styles from "./vehicle-page.module.css";

/**
 * A titled section of the main column that opens and closes from its heading. `section` names
 * it in the page (`id` and `data-section` "vdp-{section}"), e.g. "key-information".
 */
export function SectionPanel({ section, title, children }: { section: string; title: string; children: ReactNode }) {
  return (
    <Collapsible id={`vdp-${section}`} title={title}>
      {children}
    </Collapsible>
  );
}

export function SpecList({ specs }: { specs: Spec[] }) {
  return (
    <dl className={styles.specs}>
      {specs.map((s) => (
        <div key={s.label} className={styles.spec}>
          <dt>{s.label}</dt>
          <dd>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Bullets({ items }: { items: readonly string[] }) {
  return (
    <ul className={styles.bullets}>
      {items.map((t, i) => (
        <li key={i}>{t}</li>
      ))}
    </ul>
  );
}
