import type { Model } from "@/runtime/generated/types";

/** The register-interest form's anchor on a model page. */
export const REGISTER_INTEREST_ANCHOR = "register-interest-form";

/** A variant card's button: 'Register Interest' in the page, else 'Test Drive'. */
export function variantAction(model: Pick<Model, "status">): { label: string; href: string; inPage: boolean } {
  return model.status === "coming_soon"
    ? { label: "Register Interest", href: `#${REGISTER_INTEREST_ANCHOR}`, inPage: true }
    : { label: "Test Drive", href: "/book-test-drive", inPage: false };
}
