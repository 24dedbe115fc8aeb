import type { ResolvedFinanceProvidersProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { siteFinanceSettings } from "@/runtime/finance/site-finance";
import { providerSummary } from "./provider-summary";
import styles from "./finance-providers.module.css";

/** One card per provider (all of the site's, or the listed ones in that order). */
export function FinanceProviders({ props, site }: BlockComponentProps<ResolvedFinanceProvidersProps>) {
  const settings = siteFinanceSettings(site.manifest);
  if (!settings) return null;
  const wanted = props.providerIds && props.providerIds.length > 0 ? props.providerIds : null;
  const providers = wanted ? wanted.map((id) => settings.providers.find((p) => p.id === id)).filter((p) => p !== undefined) : settings.providers;
  if (providers.length === 0) return null;
  const headingId = "finance-providers-heading";
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {props.heading}
      </h2>
      <ul className={styles.cards}>
        {providers.map((provider) => {
          const s = providerSummary(settings, provider);
          const cardHeading = `finance-provider-${s.id}`;
          return (
            <li key={s.id} className={styles.card} aria-labelledby={cardHeading}>
              <h3 id={cardHeading} className={styles.name}>
                {s.name}
              </h3>
              {s.advertised ? <p className={styles.rate}>Interest rate {s.advertised.text}</p> : null}
              <p className={styles.example}>
                <span className={styles.exampleAmount}>{s.example.paymentText}</span>
                {s.example.enquire ? null : <> per week</>} <span className={styles.muted}>on {s.exampleText}</span>
              </p>
              <ul className={styles.fees}>
                {(s.fees.length > 0 ? s.fees : ["No establishment or account fees"]).map((line) => (
                  <li key={line}>{line}</li>
                ))}
                <li>{s.timing}</li>
              </ul>
              {s.advertised ? <p className={styles.warning}>*{s.advertised.warning}</p> : null}
              <details className={styles.details}>
                <summary>Disclaimer</summary>
                <p>{s.disclaimer}</p>
              </details>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
