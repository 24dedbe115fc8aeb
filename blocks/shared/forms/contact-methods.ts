import type { ResolvedFormsSettings } from "@/runtime/generated/types";

// Its own module, apart from config.ts: the client fields import it, and config.ts brings the forms
// settings' validator and schema (about 8 KiB of Brotli) that only the server needs.
export type ContactMethod = ResolvedFormsSettings["preferredContactMethod"]["default"];
/** The methods offered, in the order the field lists them (the schema's enum). */
export const CONTACT_METHODS: readonly ContactMethod[] = ["Phone", "Email", "SMS"];
