/** What a provider file exports for the registry (registry.ts): its name and how it is made for a dealer. */
import type { Queryable } from "../db/types";
import type { PaymentProvider } from "./types";

export type Env = Record<string, string | undefined>;

/** The dealer's payment settings (the manifest's `reservations` section) as a provider reads them. */
export interface ProviderSettings {
  gateway: string;
  stripe?: { publishableKey?: string; secretKeyEnv?: string; webhookSecretEnv?: string };
}

export interface ProviderRegistration {
  /** The manifest's `reservations.gateway` value that picks this provider. */
  name: string;
  /** The provider for a dealer, or null while it is not configured (a missing secret). */
  create(ctx: { db: Queryable; settings: ProviderSettings; env: Env }): PaymentProvider | null;
  /** The environment variable holding the webhook signing secret, when the provider sends webhooks. */
  webhookSecretEnv?(settings: ProviderSettings): string | undefined;
  /** What the page's hosted card element needs (a publishable key), when `cardEntry` is "hosted". */
  publishableKey?(settings: ProviderSettings): string | null;
}
