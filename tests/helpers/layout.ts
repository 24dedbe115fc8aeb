import type { Page } from "@playwright/test";

/** What the layout check found wrong on one page (empty lists when nothing). */
export interface LayoutProblems {
  /** The page's width when wider than the viewport, else null. */
  overflow: { scrollWidth: number; viewport: number; widest: string[] } | null;
  /** Pairs of visible interactive elements whose boxes intersect, each named by a short selector. */
  overlaps: string[];
}

/**
 * Measures the page as it stands: whether the document scrolls sideways (and which elements
 * reach past the viewport's right edge), and which visible links, buttons and fields overlap
 * another. An element's box counts only where it shows: clipped by every ancestor that hides
 * overflow (a carousel's off-screen slides take no room), and elements that are hidden, a pixel
 * wide (visually hidden text) or inside a fixed or sticky layer (bars that float over the page by
 * design) are left out. One element inside another (a field in its label's button) is no overlap.
 */
export async function layoutProblems(page: Page): Promise<LayoutProblems> {
  return page.evaluate(() => {
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const testId = el.getAttribute("data-testid");
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      return `${el.localName}${id}${testId ? `[data-testid=${testId}]` : ""}${name ? ` "${name}"` : ""}`;
    };
    const viewport = document.documentElement.clientWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    const floating = (el: Element) => {
      for (let n: Element | null = el; n; n = n.parentElement) {
        const position = getComputedStyle(n).position;
        if (position === "fixed" || position === "sticky") return true;
      }
      return false;
    };
    type Box = { left: number; top: number; right: number; bottom: number };
    /** The part of one of the element's boxes that shows, or null. */
    const shownBox = (el: Element, r: DOMRect = el.getBoundingClientRect()): Box | null => {
      let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      if (r.width <= 1 || r.height <= 1) return null;
      for (let n = el.parentElement; n && n !== document.documentElement; n = n.parentElement) {
        const style = getComputedStyle(n);
        if (style.overflowX === "visible" && style.overflowY === "visible" && style.clip === "auto") continue;
        const c = n.getBoundingClientRect();
        box = {
          left: Math.max(box.left, c.left),
          top: Math.max(box.top, c.top),
          right: Math.min(box.right, c.right),
          bottom: Math.min(box.bottom, c.bottom),
        };
        if (box.right - box.left <= 1 || box.bottom - box.top <= 1) return null;
      }
      return box;
    };
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      return style.visibility !== "hidden" && style.display !== "none" && Number(style.opacity) > 0 && el.checkVisibility?.() !== false;
    };

    let overflow = null;
    if (scrollWidth > viewport) {
      // Visually hidden text counts here: positioned outside a scrolling region, it widens the page.
      const widest = Array.from(document.body.querySelectorAll("*"))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.right > viewport + 0.5 && r.width > 0 && visible(el);
        })
        // The innermost elements are the ones to fix; their ancestors reach out only because of them.
        .filter((el, _, all) => !all.some((other) => other !== el && el.contains(other)))
        .slice(0, 5)
        .map((el) => `${describe(el)} (right edge ${Math.round(el.getBoundingClientRect().right)} px)`);
      overflow = { scrollWidth, viewport, widest };
    }

    const controls = Array.from(document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary"))
      .filter((el) => visible(el) && !floating(el) && !el.closest("[inert], [aria-hidden=true], dialog:not([open])"))
      // A link that wraps over two lines has a box per line: its overall box would take in its neighbours on those lines.
      .map((el) => ({ el, boxes: Array.from(el.getClientRects()).flatMap((r) => shownBox(el, r) ?? []) }))
      .filter((c) => c.boxes.length > 0);
    // The two thumbs of a price range are two range inputs laid over one track, by design.
    const rangePair = (a: Element, b: Element) =>
      a instanceof HTMLInputElement && b instanceof HTMLInputElement && a.type === "range" && b.type === "range" && a.parentElement === b.parentElement;
    const overlaps: string[] = [];
    // Boxes that share a border or differ by rounding are not an overlap.
    const TOLERANCE = 1;
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        const a = controls[i];
        const b = controls[j];
        if (a.el.contains(b.el) || b.el.contains(a.el) || rangePair(a.el, b.el)) continue;
        for (const p of a.boxes) {
          const hit = b.boxes.find(
            (q) => Math.min(p.right, q.right) - Math.max(p.left, q.left) > TOLERANCE && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > TOLERANCE,
          );
          if (!hit) continue;
          const w = Math.min(p.right, hit.right) - Math.max(p.left, hit.left);
          const h = Math.min(p.bottom, hit.bottom) - Math.max(p.top, hit.top);
          overlaps.push(`${describe(a.el)} overlaps ${describe(b.el)} by ${Math.round(w)}×${Math.round(h)} px`);
          break;
        }
      }
    }
    return { overflow, overlaps };
  });
}
