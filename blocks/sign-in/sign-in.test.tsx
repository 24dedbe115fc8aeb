import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { SignIn } from "./SignIn";
import type { SignInData } from "./load";
import { SIGN_IN_KINDS } from "@/runtime/accounts/kinds";
import { blockSite } from "@/tests/helpers/block-site";

const base: SignInData = {
  kind: "my-garage",
  redirect: "/my-garage",
  back: "/",
  step: "start",
  error: null,
  channel: "sms",
  hint: null,
  mobile: true,
  email: true,
  signedIn: null,
};
const props = { offerMobile: true, offerEmail: true, intro: "We'll send you a 6-digit code." };
const html = (data: SignInData) => renderToStaticMarkup(<SignIn props={props} data={data} dataFailed={false} site={blockSite()} slots={{}} />);

describe("sign-in page", () => {
  it.each(Object.entries(SIGN_IN_KINDS))("type=%s has its heading", (kind, heading) => {
    expect(html({ ...base, kind: kind as SignInData["kind"] })).toContain(`<h1 id="sign-in-title"`);
    expect(html({ ...base, kind: kind as SignInData["kind"] })).toContain(heading);
  });

  it("is plain forms posting to the code route, carrying kind, redirect and back", () => {
    const out = html(base);
    expect(out.match(/<form[^>]*action="\/api\/account\/code" method="post"/g)).toHaveLength(2);
    expect(out).toContain('name="redirect" value="/my-garage"');
    expect(out).toContain('autoComplete="tel"');
  });

  it("asks for the code once one was sent, and says where", () => {
    const out = html({ ...base, step: "code", hint: "04•• ••• 678" });
    expect(out).toContain('action="/api/account/verify"');
    expect(out).toContain("We sent a 6-digit code to 04•• ••• 678");
    expect(out).toContain('autoComplete="one-time-code"');
  });

  it("says so when no channel can deliver a code, and shows errors as an alert", () => {
    expect(html({ ...base, mobile: false, email: false })).toContain("Signing in is not available on this site");
    expect(html({ ...base, error: "wrong-code" })).toMatch(/role="alert"[^>]*>That code is not right/);
  });
});
