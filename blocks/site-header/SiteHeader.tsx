import { Link } from "@/runtime/ui/link";
import type { ResolvedSiteHeaderProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { HeaderNav } from "./HeaderNav";
import { headerNavItems, telHref } from "./nav-items";
import { HeaderScript } from "./HeaderScript";
import styles from "./site-header.module.css";

const PHONE_WORD = { sales: "sales", service: "service", finance: "finance" } as const;

/** Server part of the header: logo and phone are plain server markup; only the nav is interactive. */
export function SiteHeader({ props, site, data }: BlockComponentProps<ResolvedSiteHeaderProps, Record<string, number> | null>) {
  const m = site.manifest;
  const logo = m.theme.logo;
  const kind = props.phone;
  const phoneKind = m.contact.phones[kind] ? kind : "sales";
  const phone = m.contact.phones[phoneKind];
  const className = `${styles.header}${props.sticky ? ` ${styles.sticky}` : ""}`;
  return (
    <>
      <HeaderNav
        className={className}
        items={headerNavItems(m, data ?? null)}
        logo={
          <Link href="/" className={styles.logo}>
            {logo.text ? <span className={styles.logoText}>{logo.text}</span> : <img src={logo.src} alt={logo.alt} width={logo.width} height={logo.height} />}
          </Link>
        }
        actions={
          props.showPhone && phone ? (
            <a className={styles.phone} href={telHref(phone)}>
              <svg className={styles.phoneIcon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.6a1 1 0 0 1-.25 1z"
                />
              </svg>
              <span className="visually-hidden">Call {PHONE_WORD[phoneKind]} </span>
              <span className={styles.phoneNumber}>{phone}</span>
            </a>
          ) : null
        }
      />
      {/* Right after the header, so its menus answer as soon as it is painted (pre-hydration.ts). */}
      <HeaderScript />
    </>
  );
}
