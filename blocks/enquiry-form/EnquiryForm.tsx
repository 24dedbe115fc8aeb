import type { ResolvedEnquiryFormProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { formConfig } from "@/blocks/shared/forms/config";
import { modelForPage } from "@/blocks/shared/models/catalogue";
import { FormSection, formSectionProps } from "@/blocks/shared/forms/FormSection";
import { LeadForm } from "@/blocks/shared/forms/LeadForm.lazy";
import { MultiStepEnquiryForm } from "@/blocks/shared/forms/MultiStepEnquiryForm.lazy";
import { withPostedLeadForm } from "@/blocks/shared/forms/posted-lead-form";
import { carOfQuery } from "@/blocks/shared/forms/car";
import { EnquiryLauncher } from "./EnquiryLauncher.lazy";
import { ChatButton } from "./ChatButton.lazy";
import { resolvePage } from "@/runtime/render/resolve-page";
import styles from "./enquiry-form.module.css";

/** Where the chat action leads when no chat opens: the enquiry form on this page, or the contact page's. */
function chatFallbackHref(props: ResolvedEnquiryFormProps, site: BlockComponentProps<ResolvedEnquiryFormProps>["site"], anchor: string): string {
  if (props.display === "inline") return `#${anchor}`;
  return site.manifest.routes?.["/contact"] && resolvePage(site.manifest, "/contact") ? "/contact#enquiry-form" : `#${anchor}`;
}

/**
 * Server component: resolves the dealer's form settings (manifest forms + wording + locations)
 * and renders the client form inline (in two steps, details then enquiry, where the site's
 * forms.enquiryExtras.multiStep is on), or the '{Enquire} Now' launcher.
 */
export function EnquiryForm({ props, site }: BlockComponentProps<ResolvedEnquiryFormProps>) {
  const config = formConfig(site.manifest);
  const section = formSectionProps(props, props.anchor ?? "enquiry-form");
  // On a model page (register interest) the lead says which model: the dealer's CRM files it under that make and model.
  const model = modelForPage(site);
  const modelFields = model ? { "Vehicle Make": model.make, "Vehicle Model": model.name } : {};
  return (
    <FormSection {...section}>
      {props.display === "button" ? (
        <EnquiryLauncher config={config} showExtras={props.showExtras} fallbackHref={chatFallbackHref(props, site, section.id)} />
      ) : (
        <>
          {config.chat ? (
            <p className={styles.chat}>
              <ChatButton chat={config.chat} className="button--outline" fallbackHref={chatFallbackHref(props, site, section.id)} />
            </p>
          ) : null}
          {withPostedLeadForm(site, (posted) =>
            config.enquiryExtras.multiStep ? (
              <MultiStepEnquiryForm
                posted={posted}
                config={config}
                labelledBy={section.headingId}
                show={{ category: props.showCategory, location: props.showLocation, rego: props.showRego, optIn: props.showOptIn, extras: props.showExtras }}
                extraFields={modelFields}
              />
            ) : (
              <LeadForm
                posted={posted}
                car={carOfQuery(site.searchParams)}
                config={config}
                form={props.form === "contact" ? "contact" : "enquiry"}
                labelledBy={section.headingId}
                showCategory={props.showCategory}
                showLocation={props.showLocation}
                showRego={props.showRego}
                showOptIn={props.showOptIn}
                showExtras={props.showExtras}
                extraFields={{ source: "website", ...modelFields }}
              />
            ),
          )}
        </>
      )}
    </FormSection>
  );
}
