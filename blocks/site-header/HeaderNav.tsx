"use client";
import { useEffect, useId, useRef, useState, type FocusEvent, type ReactNode } from "react";
import type { NavItemData } from "./nav-items";
import { SiteLink } from "./site-link";
import { HEADER_ATTRIBUTE } from "./pre-hydration";
import styles from "./site-header.module.css";

interface HeaderNavProps {
  /** Class names for the <header> (layout, sticky). */
  className: string;
  items: NavItemData[];
  /** Server-rendered logo link. */
  logo: ReactNode;
  /** Server-rendered actions (phone). */
  actions: ReactNode;
}

/**
 * The open dropdown and mobile menu, with the refs that find their elements. Takes over what the
 * pre-hydration script opened; a pointer press outside or Escape closes (Escape returns focus to
 * the control that opened it).
 */
function useHeaderMenus() {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [live, setLive] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const itemRefs = useRef<(HTMLLIElement | null)[]>([]);
  const buttonRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Take over what the pre-hydration script (pre-hydration.ts) opened before this code arrived.
  useEffect(() => {
    const opened = buttonRefs.current.findIndex((b) => b?.getAttribute("aria-expanded") === "true");
    if (opened >= 0) setOpenIndex(opened);
    if (toggleRef.current?.getAttribute("aria-expanded") === "true") setMenuOpen(true);
    setLive(true);
  }, []);

  useEffect(() => {
    if (openIndex === null && !menuOpen) return;
    const onPointerDown = (event: Event) => {
      const target = event.target as Node;
      if (openIndex !== null && !itemRefs.current[openIndex]?.contains(target)) setOpenIndex(null);
      if (menuOpen && !headerRef.current?.contains(target)) setMenuOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      if (openIndex !== null) {
        const button = buttonRefs.current[openIndex];
        setOpenIndex(null);
        button?.focus();
      } else if (menuOpen) {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [openIndex, menuOpen]);

  return { openIndex, setOpenIndex, menuOpen, setMenuOpen, live, headerRef, itemRefs, buttonRefs, toggleRef };
}

/** A dropdown's panel: the brand grid of a mega menu, then the item's own link and its children. */
function DropdownPanel({ id, item, open, closeAll }: { id: string; item: NavItemData; open: boolean; closeAll: () => void }) {
  return (
    <div id={id} className={item.brands ? `${styles.panel} ${styles.mega}` : styles.panel} hidden={!open}>
      {item.brands ? (
        <ul className={styles.brandGrid}>
          {item.brands.map((brand) => (
            <li key={brand.href}>
              <SiteLink href={brand.href} className={styles.brandLink} onClick={closeAll}>
                {brand.logoSrc ? <img src={brand.logoSrc} alt="" width={120} height={60} loading="lazy" decoding="async" /> : null}
                <span>{brand.title}</span>
              </SiteLink>
            </li>
          ))}
        </ul>
      ) : null}
      {item.href || item.children ? (
        <ul className={styles.submenu}>
          {item.href ? (
            <li>
              <SiteLink href={item.href} className={styles.subLink} onClick={closeAll}>
                {item.brands ? `All ${item.label}` : item.label}
              </SiteLink>
            </li>
          ) : null}
          {(item.children ?? []).map((child, j) => (
            <li key={j}>
              <SiteLink href={child.href} newTab={child.newTab} className={styles.subLink} onClick={closeAll}>
                {child.label}
              </SiteLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The header's only client code: the <header> element (so it can carry the dropdown-open
 * marker), the mobile menu toggle and the dropdowns (disclosure pattern: a button with
 * aria-expanded / aria-controls; Escape closes and returns focus; a click outside or focus
 * leaving a dropdown closes it). Logo and phone are rendered on the server and passed in.
 */
export function HeaderNav({ className, items, logo, actions }: HeaderNavProps) {
  const { openIndex, setOpenIndex, menuOpen, setMenuOpen, live, headerRef, itemRefs, buttonRefs, toggleRef } = useHeaderMenus();
  const id = useId();
  const listId = `${id}-menu`;
  const dropdownOpen = openIndex !== null;

  const closeAll = () => {
    setOpenIndex(null);
    setMenuOpen(false);
  };
  /** Focus moving to somewhere outside an open dropdown closes it (keyboard users tabbing on). */
  const onItemBlur = (i: number) => (event: FocusEvent<HTMLLIElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) setOpenIndex((current) => (current === i ? null : current));
  };

  return (
    <header
      ref={headerRef}
      className={`${className}${dropdownOpen ? " dropdown-open" : ""}`}
      data-dropdown-open={dropdownOpen ? "true" : undefined}
      data-menu-open={menuOpen ? "true" : undefined}
      {...{ [HEADER_ATTRIBUTE]: "" }}
      data-live={live ? "true" : undefined}
    >
      <div className={styles.bar}>
        {logo}
        {items.length > 0 ? (
          <>
            <button
              ref={toggleRef}
              type="button"
              className={styles.menuToggle}
              aria-expanded={menuOpen}
              aria-controls={listId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <span className={styles.burger} aria-hidden="true" />
              <span className={styles.menuLabel}>Menu</span>
            </button>
            <nav aria-label="Main" className={styles.nav}>
              <ul id={listId} className={styles.menu}>
                {items.map((item, i) => {
                  if (!item.children && !item.brands) {
                    return (
                      <li key={i} className={styles.item}>
                        <SiteLink href={item.href!} newTab={item.newTab} className={styles.topLink} onClick={closeAll}>
                          {item.label}
                        </SiteLink>
                      </li>
                    );
                  }
                  const open = openIndex === i;
                  const panelId = `${id}-panel-${i}`;
                  return (
                    <li
                      key={i}
                      ref={(el) => void (itemRefs.current[i] = el)}
                      className={`${styles.item} ${item.brands ? styles.hasMega : ""}`}
                      onBlur={onItemBlur(i)}
                    >
                      <button
                        ref={(el) => void (buttonRefs.current[i] = el)}
                        type="button"
                        data-dropdown=""
                        className={styles.topLink}
                        aria-expanded={open}
                        aria-controls={panelId}
                        onClick={() => setOpenIndex(open ? null : i)}
                      >
                        {item.label}
                        <span className={styles.chevron} aria-hidden="true" />
                      </button>
                      <DropdownPanel id={panelId} item={item} open={open} closeAll={closeAll} />
                    </li>
                  );
                })}
              </ul>
            </nav>
          </>
        ) : null}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </header>
  );
}
