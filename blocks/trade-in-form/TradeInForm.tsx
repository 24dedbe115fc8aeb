import type { ResolvedTradeInFormProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import type { TradeInFormData } from "./load";
import { formConfig } from "@/blocks/shared/forms/config";
import { FormSection, formSectionProps } from "@/blocks/shared/forms/FormSection";
import { TradeInClient } from "./TradeInClient.lazy";

/** Server component: the trade-in / sell-my-car valuation form; nothing when forms.tradeIn.enabled is false. */
export function TradeInForm({ props, site, data }: BlockComponentProps<ResolvedTradeInFormProps, TradeInFormData>) {
  const config = formConfig(site.manifest);
  if (!config.tradeIn.enabled) return null;
  const section = formSectionProps(props, props.anchor ?? "trade-in-form");
  const raw = site.searchParams?.car_id;
  const carId = typeof raw === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(raw) ? raw : undefined;
  return (
    <FormSection {...section}>
      <TradeInClient
        config={config}
        variant={props.variant}
        labelledBy={section.headingId}
        carId={carId}
        initial={{
          valuation: data?.valuation ?? null,
          state: data?.state ?? null,
          back: `${site.pathname}${carId ? `?car_id=${encodeURIComponent(carId)}` : ""}#${props.anchor ?? "trade-in-form"}`,
        }}
      />
    </FormSection>
  );
}
