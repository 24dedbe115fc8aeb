import { Link } from "@/runtime/ui/link";
import type { ReactNode } from "react";
import type { ResolvedSiteFooterProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import {
  copyrightYear,
  dealerColumnLinks,
  footerLinks,
  formatAddress,
  licenceLines,
  SOCIAL_NAMES,
  telHref,
  visibleLocations,
  type FooterLink,
} from "./footer-content";
import { modelMenuLinks } from "@/blocks/shared/models/catalogue";
import styles from "./site-footer.module.css";
import { siteTimeZone } from "@/runtime/time";

function FooterAnchor({ link, className }: { link: FooterLink; className?: string }) {
  if (link.href.startsWith("/") && !link.newTab) {
    return (
      <Link href={link.href} className={className}>
        {link.label}
      </Link>
    );
  }
  return (
    <a
      href={link.href}
      className={className}
      rel={link.href.startsWith("http") ? "noopener noreferrer" : undefined}
      target={link.newTab ? "_blank" : undefined}
    >
      {link.label}
      {link.newTab ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
    </a>
  );
}

function Column({ title, links }: { title: ReactNode; links: FooterLink[] }) {
  return (
    <div className={styles.column}>
      <h2 className={styles.heading}>{title}</h2>
      <ul className={styles.links}>
        {links.map((link, i) => (
          <li key={i}>
            <FooterAnchor link={link} className={styles.link} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter({ props, site }: BlockComponentProps<ResolvedSiteFooterProps>) {
  const m = site.manifest;
  const columns = (m.menus?.footer ?? [])
    .map((c) => ({ title: c.title, links: [...footerLinks(m, c.items), ...(c.models ? modelMenuLinks(m) : [])] }))
    .filter((c) => c.links.length > 0);
  const dealerLinks = dealerColumnLinks(m);
  const locations = props.showLocations ? visibleLocations(m) : [];
  const licences = props.showLicences ? licenceLines(m) : [];
  const social = props.showSocial ? (m.contact.social ?? []).flatMap((s) => (safeHref(s.url) ? [s] : [])) : [];
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        {columns.length > 0 || dealerLinks.length > 0 ? (
          <nav aria-label="Footer" className={styles.columns}>
            {columns.map((c, i) => (
              <Column key={i} title={c.title} links={c.links} />
            ))}
            {dealerLinks.length > 0 ? <Column title={m.name} links={dealerLinks} /> : null}
          </nav>
        ) : null}

        {locations.length > 0 ? (
          <section aria-label={locations.length > 1 ? "Our locations" : "Our location"} className={styles.locations}>
            {locations.map((l) => (
              <address key={l.id} className={styles.location}>
                <strong className={styles.locationName}>{l.name}</strong>
                <span>{formatAddress(l.address)}</span>
                <a className={styles.phone} href={telHref(l.contact_detail.phone)}>
                  <span className="visually-hidden">Call {l.name} on </span>
                  {l.contact_detail.phone}
                </a>
              </address>
            ))}
          </section>
        ) : null}

        {social.length > 0 ? (
          <ul className={styles.social} aria-label="Social media">
            {social.map((s) => (
              <li key={s.network}>
                <a className={styles.socialLink} href={s.url} rel="noopener noreferrer">
                  <span className="visually-hidden">{m.name} on </span>
                  {SOCIAL_NAMES[s.network] ?? s.network}
                </a>
              </li>
            ))}
          </ul>
        ) : null}

        <div className={styles.legal}>
          {licences.length > 0 ? (
            <ul className={styles.licences}>
              {licences.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          <p className={styles.copyright}>
            © {copyrightYear(site.now, siteTimeZone(m))} {m.name}. All rights reserved.
          </p>
          {props.legalText ? <p className={styles.smallPrint}>{props.legalText}</p> : null}
        </div>
      </div>
    </footer>
  );
}
