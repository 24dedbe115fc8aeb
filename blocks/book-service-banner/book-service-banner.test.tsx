// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { BookServiceBannerProps, DealerManifest } from "@/runtime/generated/types";
import { BookServiceBanner } from "./BookServiceBanner";
import { CLOSED_KEY } from "./CloseableBanner";
import { blockProps } from "@/tests/helpers/block-props";

const banner = (props: BookServiceBannerProps = {}) => (
  <BookServiceBanner
    props={blockProps("book-service-banner", props)}
    data={undefined}
    dataFailed={false}
    site={{ manifest: { name: "Sunshine Chery" } as DealerManifest, pattern: "/", params: {}, pathname: "/", searchParams: {}, origin: "", now: new Date() }}
    slots={{}}
  />
);

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

describe("book-service-banner", () => {
  it("renders visible on the server, linking to the service booking anchor, with a Close button", () => {
    const html = renderToStaticMarkup(banner());
    expect(html).toContain('<section aria-label="Book a service"');
    expect(html).toContain('href="/service#service-booking"');
    expect(html).toContain(">Book now</a>");
    expect(html).toContain('<span class="visually-hidden">Close</span>');
    expect(html).not.toMatch(/ hidden[=> ]/);
  });

  it("takes a configured href, refusing unsafe ones", () => {
    expect(renderToStaticMarkup(banner({ href: "/service-booking" }))).toContain('href="/service-booking"');
    expect(renderToStaticMarkup(banner({ href: "javascript:alert(1)" }))).toContain('href="/service#service-booking"');
  });

  it("needs no client code when not closable", () => {
    const html = renderToStaticMarkup(banner({ closable: false, heading: "Service your Chery", text: "Capped price servicing." }));
    expect(html).toContain("Service your Chery");
    expect(html).toContain("Capped price servicing.");
    expect(html).not.toContain("Close");
  });

  it("closes, remembers it for the session, and moves focus to the main content", () => {
    render(
      <>
        {banner()}
        <main id="main" tabIndex={-1} />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("region", { name: "Book a service" })).toBeNull();
    expect(sessionStorage.getItem(CLOSED_KEY)).toBe("1");
    expect(document.activeElement?.id).toBe("main");
  });

  it("stays hidden after hydration when closed earlier in the session", () => {
    sessionStorage.setItem(CLOSED_KEY, "1");
    render(banner());
    expect(screen.queryByRole("link", { name: "Book now" })).toBeNull();
  });

  it("shows when the session has not closed it", () => {
    render(banner());
    expect(screen.getByRole("link", { name: "Book now" }).getAttribute("href")).toBe("/service#service-booking");
  });
});
