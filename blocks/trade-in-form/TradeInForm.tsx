import type { TradeInFormProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { formConfig } from "@/blocks/shared/forms/config";
import { FormSection } from "@/blocks/shared/forms/FormSection";
import { TradeInClient } from "./TradeInClient.lazy";
import styles from "./trade-in-form.module.css";

export const DEFAULT_TRADE_IN_HEADING = "Value your car";

/** Server component: the trade-in / sell-my-car valuation form; nothing when forms.tradeIn.enabled is false. */
export function TradeInForm({ props, site }: BlockComponentProps<TradeInFormProps>) {
  const config = formConfig(site.manifest);
  if (!config.tradeIn.enabled) return null;
  const anchor = props.anchor ?? "trade-in-form";
  const headingId = `${anchor}-heading`;
  const raw = site.searchParams?.car_id;
  const carId = typeof raw === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(raw) ? raw : undefined;
  return (
    <FormSection id={anchor} headingId={headingId} heading={props.heading?.trim() || DEFAULT_TRADE_IN_HEADING} level={props.headingLevel ?? 2} intro={props.intro} className={styles.section} headingClassName={styles.heading} introClassName={styles.intro}>
      <TradeInClient config={config} variant={props.variant === "sell-my-car" ? "sell-my-car" : "trade-in"} labelledBy={headingId} carId={carId} />
    </FormSection>
  );
}
