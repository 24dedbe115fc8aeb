import type { ResolvedSignInProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { currentAccount, pendingHint } from "@/runtime/accounts/current";
import { transports } from "@/runtime/accounts/delivery";
import { isSignInKind, type SignInKind } from "@/runtime/accounts/kinds";
import { safeSitePath } from "@/runtime/accounts/redirect";

export interface SignInData {
  kind: SignInKind;
  redirect: string;
  back: string;
  step: "start" | "code";
  error: string | null;
  channel: "sms" | "email";
  /** Where the pending code went, masked; null when there is none (then the start step shows). */
  hint: string | null;
  mobile: boolean;
  email: boolean;
  signedIn: { hasPhone: boolean } | null;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function loadSignIn(props: ResolvedSignInProps, site: SiteContext): Promise<SignInData> {
  const q = site.searchParams;
  const type = one(q.type);
  const kind: SignInKind = isSignInKind(type) ? type : "my-garage";
  const available = transports();
  const [user, hint] = await Promise.all([currentAccount(site.manifest.slug), pendingHint(site.manifest.slug)]);
  const step = one(q.step) === "code" && hint ? "code" : "start";
  return {
    kind,
    redirect: safeSitePath(one(q.redirect), "/my-garage"),
    back: safeSitePath(one(q.back), "/"),
    step,
    error: one(q.error)?.slice(0, 40) ?? null,
    channel: one(q.channel) === "email" ? "email" : "sms",
    hint,
    mobile: !!available.sms && (props.offerMobile || kind === "watchlist"),
    email: !!available.email && props.offerEmail && kind !== "watchlist",
    signedIn: user ? { hasPhone: !!user.phone } : null,
  };
}
