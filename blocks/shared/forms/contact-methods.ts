import type { ResolvedFormsSettings } from "@/runtime/generated/types";

// Its own module, apart from config.ts: the client fields import it, and config.ts brings the forms
// settings' validator and schema (about 8 KiB of Brotli) that only the server needs.
export type ContactMethod = ResolvedFormsSettings["preferredContactMethod"]["default"];
// Every method of the schema's enum, in the order the field lists them: a method added to the
// schema and not here fails the type check (a Record needs every key), so the two cannot drift.
const OFFERED = { Phone: true, Email: true, SMS: true } satisfies Record<ContactMethod, true>;
/** The methods offered, in the order the field lists them (the schema's enum). */
export const CONTACT_METHODS = Object.keys(OFFERED) as readonly ContactMethod[];
