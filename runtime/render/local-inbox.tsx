import "server-only";
import { Link } from "@/runtime/ui/link";
import { getDb } from "../db";
import { getSiteStore } from "../manifest/store";
import { listInboxMessages, type StoredInboxMessage } from "../accounts/local-inbox";
import { currentSignInLink, signInLinkPath, signInLinkUsable } from "../studio/sign-in-link";

const WHEN = new Intl.DateTimeFormat("en-AU", { dateStyle: "medium", timeStyle: "medium", timeZone: "Australia/Brisbane" });

/**
 * The directory host's /inbox: the messages the local stand-in kept instead of sending them, newest
 * first, each marked as not sent. Opened only while no real provider is configured (the caller
 * checks localInboxOpen). `to` narrows the list to one recipient as stored.
 */
export async function LocalInbox({ to }: { to?: string }) {
  const db = await getDb();
  const messages = await listInboxMessages(db, { to: to || undefined, limit: 100 });
  // The studio's one-time sign-in link this server printed at start, while it still opens the studio.
  const link = currentSignInLink();
  const studioLink = link && (await signInLinkUsable(db, link.token)) ? link : undefined;
  const names = new Map(getSiteStore().sites.map((s) => [s.slug, s.status === "ok" ? s.manifest.name : s.slug]));
  return (
    <main id="main" className="directory local-inbox">
      <h1>Local inbox</h1>
      <p className="local-inbox-notice">
        <strong>Not sent: local stand-in.</strong> This server has no email or SMS provider, so the messages shoppers would get (sign-in codes, reservation and
        payment confirmations) are kept here instead and never leave this machine. docs/deployment.md lists the settings that send them for real; once one is
        set, this page closes.
      </p>
      <form method="get" action="/inbox" className="local-inbox-filter">
        <label htmlFor="inbox-to">Only messages to</label> <input id="inbox-to" name="to" type="text" defaultValue={to ?? ""} autoComplete="off" />{" "}
        <button type="submit">Show</button> <Link href="/inbox">Show all</Link> <Link href="/">Dealer sites</Link>
      </form>
      {studioLink ? (
        <section className="local-inbox-studio" aria-labelledby="inbox-studio">
          <h2 id="inbox-studio">Studio sign-in link</h2>
          <p>
            <span className="local-inbox-badge">Local only</span> The server made this one-time link when it started (it printed it too). It opens the studio
            once, until <time dateTime={studioLink.expiresAt.toISOString()}>{WHEN.format(studioLink.expiresAt)}</time>.
          </p>
          <p>
            <a href={signInLinkPath(studioLink.token)}>Open the studio</a>
          </p>
        </section>
      ) : null}
      {messages.length === 0 ? (
        <p>No messages yet. Sign in on a dealer site or reserve a car, then reload this page.</p>
      ) : (
        <ol className="local-inbox-list" aria-label="Messages, newest first">
          {messages.map((m) => (
            <InboxItem key={m.id} message={m} site={names.get(m.dealer) ?? m.dealer} />
          ))}
        </ol>
      )}
    </main>
  );
}

function InboxItem({ message: m, site }: { message: StoredInboxMessage; site: string }) {
  return (
    <li data-message={m.id} data-site={m.dealer} data-to={m.to} data-code={m.code}>
      <article aria-labelledby={`inbox-${m.id}`}>
        <h2 id={`inbox-${m.id}`}>{m.subject}</h2>
        <p className="local-inbox-meta">
          <span className="local-inbox-badge">Not sent: local stand-in</span> {m.channel === "sms" ? "Text message" : "Email"} to {m.to} from {site},{" "}
          <time dateTime={m.at.toISOString()}>{WHEN.format(m.at)}</time>
        </p>
        {m.code ? (
          <p>
            Sign-in code: <strong className="local-inbox-code">{m.code}</strong>
          </p>
        ) : null}
        <pre className="local-inbox-text">{m.text}</pre>
      </article>
    </li>
  );
}
