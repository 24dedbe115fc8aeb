import { describe, expect, it } from "vitest";
import { popupFeatures, shareLinks } from "./share";

describe("share", () => {
  it("offers Facebook, WhatsApp, e-mail and SMS, and Twitter only when asked", () => {
    expect(shareLinks("https://d.example/cars/x", "2021 Toyota").map((l) => l.network)).toEqual(["facebook", "whatsapp", "email", "sms"]);
    expect(shareLinks("https://d.example/cars/x", "T", { twitter: true }).map((l) => l.network)).toContain("twitter");
    expect(shareLinks("https://d.example/cars/x?a=1&b=2", "T")[0].href).toBe(
      "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fd.example%2Fcars%2Fx%3Fa%3D1%26b%3D2",
    );
  });
  it("opens popups 550 by 400, centred", () => {
    expect(popupFeatures({ left: 0, top: 0, width: 1550, height: 1400 })).toBe("width=550,height=400,left=500,top=500");
  });
});
