import { defineBlock } from "@/runtime/render/types";
import type { ResolvedFinanceEnquiryFormProps } from "@/runtime/generated/types";
import { currentAccount } from "@/runtime/accounts/current";
import { FinanceEnquiryForm, type AccountPrefill } from "./FinanceEnquiryForm";

export default defineBlock<ResolvedFinanceEnquiryFormProps, AccountPrefill | null>({
  component: FinanceEnquiryForm,
  // Only a personalised page reads the session: every other finance form stays free of cookies.
  load: async (props, site) => {
    if (!props.prefillAccount) return null;
    const user = await currentAccount(site.manifest.slug);
    return user ? { email: user.email ?? "", phone: user.phone ?? "" } : null;
  },
});
