import { Link } from "@/runtime/ui/link";
import type { ResolvedSignInProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { SignOutForm } from "@/blocks/shared/accounts/SignOutForm";
import { SIGN_IN_KINDS } from "@/runtime/accounts/kinds";
import type { SignInData } from "./load";
import styles from "./sign-in.module.css";

const ERRORS: Record<string, string> = {
  "invalid-recipient": "Please enter a valid Australian mobile number or email address.",
  "too-many": "Too many attempts. Please wait a few minutes and try again.",
  "send-failed": "We couldn't send the code. Please try again.",
  unavailable: "Sign-in that way is not available at the moment.",
  "wrong-code": "That code is not right. Please check it and try again.",
  expired: "That code has expired or was already used. Please ask for a new one.",
};

function Hidden({ data }: { data: SignInData }) {
  return (
    <>
      <input type="hidden" name="type" value={data.kind} />
      <input type="hidden" name="redirect" value={data.redirect} />
      <input type="hidden" name="back" value={data.back} />
    </>
  );
}

/** Sign-in by a one-time code: step 1 asks where to send it, step 2 takes the code. Both are plain form posts. */
export function SignIn({ props, data }: BlockComponentProps<ResolvedSignInProps, SignInData>) {
  if (!data) return null;
  const error = data.error ? ERRORS[data.error] : undefined;
  const needsPhone = data.kind === "watchlist" && data.signedIn && !data.signedIn.hasPhone;
  const restart = `/sign-in?${new URLSearchParams({ type: data.kind, redirect: data.redirect, back: data.back }).toString()}`;
  return (
    <section className={styles.section} aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" className={styles.title}>
        {SIGN_IN_KINDS[data.kind]}
      </h1>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {data.signedIn && !needsPhone && data.step === "start" ? (
        <div className={styles.card}>
          <p>You are signed in.</p>
          <p className={styles.actions}>
            <Link className="button" href={data.redirect}>
              Continue
            </Link>
          </p>
          <SignOutForm />
        </div>
      ) : data.step === "code" ? (
        <form className={styles.card} method="post" action="/api/account/verify">
          <p id="code-sent">We sent a 6-digit code to {data.hint}. It expires in 10 minutes.</p>
          <Hidden data={data} />
          <label className={styles.label} htmlFor="sign-in-code">
            Code
          </label>
          <input
            id="sign-in-code"
            className={styles.input}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            aria-describedby="code-sent"
          />
          <button type="submit" className="button">
            Sign in
          </button>
          <p>
            <Link href={restart}>Send a new code, or use another number or email</Link>
          </p>
        </form>
      ) : !data.mobile && !data.email ? (
        <p className={styles.card}>Signing in is not available on this site at the moment. Please contact us instead.</p>
      ) : (
        <>
          <p className={styles.intro}>{needsPhone ? "The watchlist needs your mobile number. We'll send a code to confirm it." : props.intro}</p>
          {data.mobile ? (
            <form className={styles.card} method="post" action="/api/account/code">
              <Hidden data={data} />
              <input type="hidden" name="channel" value="sms" />
              <label className={styles.label} htmlFor="sign-in-mobile">
                Mobile number
              </label>
              <input id="sign-in-mobile" className={styles.input} name="recipient" type="tel" autoComplete="tel" inputMode="tel" required />
              <button type="submit" className="button">
                Text me a code
              </button>
            </form>
          ) : null}
          {data.email ? (
            <form className={styles.card} method="post" action="/api/account/code">
              <Hidden data={data} />
              <input type="hidden" name="channel" value="email" />
              <label className={styles.label} htmlFor="sign-in-email">
                Email
              </label>
              <input id="sign-in-email" className={styles.input} name="recipient" type="email" autoComplete="email" required />
              <button type="submit" className="button">
                Email me a code
              </button>
            </form>
          ) : null}
        </>
      )}
      <p className={styles.back}>
        <Link href={data.back}>Cancel and go back</Link>
      </p>
    </section>
  );
}
