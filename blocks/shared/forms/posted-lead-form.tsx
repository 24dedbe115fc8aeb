import "server-only";
import { cookies } from "next/headers";
import type { ReactNode } from "react";
import type { SiteContext } from "@/runtime/render/types";
import { LEAD_FORM_COOKIE, postedLeadForm, STATE_PARAMS, type PostedLeadForm } from "@/runtime/leads/form-post";

type Render = (posted: PostedLeadForm | null) => ReactNode;

async function PostedState({ site, render }: { site: SiteContext; render: Render }) {
  return render(postedLeadForm(site.searchParams, (await cookies()).get(LEAD_FORM_COOKIE)?.value));
}

/**
 * A form block's lead form with what a refused plain post (before JavaScript) left for it: the
 * values and messages of the signed cookie the URL's nonce names. An ordinary visit (no nonce in
 * the URL) reads no cookie and renders at once, so the page stays as it was for everyone else.
 */
export function withPostedLeadForm(site: SiteContext, render: Render): ReactNode {
  if (!site.searchParams?.[STATE_PARAMS.nonce]) return render(null);
  return <PostedState site={site} render={render} />;
}
