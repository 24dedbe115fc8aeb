import { cookies } from "next/headers";
import { hostPort } from "@/runtime/http/origin";
import { decodeFormState, NEW_DEALER_FORM_COOKIE } from "@/runtime/studio/new-dealer";
import { NewDealerForm } from "@/runtime/studio/new-dealer-form";
import { requireStudio } from "@/runtime/studio/studio-route";

export const dynamic = "force-dynamic";
export const metadata = { title: "New dealer · Studio" };

export default async function Page() {
  const { host } = await requireStudio();
  const state = decodeFormState((await cookies()).get(NEW_DEALER_FORM_COOKIE)?.value);
  return <NewDealerForm state={state} port={hostPort(host)} />;
}
