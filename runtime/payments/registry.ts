/**
 * The payment providers this platform knows, by the name a dealer's manifest gives
 * (`reservations.gateway`). A new provider is one file under providers/ exporting its
 * registration, plus its line here; nothing else names a provider.
 */
import type { Queryable } from "../db/types";
import type { DealerManifest } from "../generated/types";
import { reservationSettings } from "../reservations/rules";
import { stripeProvider } from "./providers/stripe";
import { testProvider } from "./providers/test";
import type { Env, ProviderRegistration, ProviderSettings } from "./registry-types";
import type { PaymentMethod, PaymentProvider } from "./types";

const REGISTERED: readonly ProviderRegistration[] = [testProvider, stripeProvider];

const byName = new Map(REGISTERED.map((r) => [r.name, r]));

export function registration(name: string): ProviderRegistration | null {
  return byName.get(name) ?? null;
}

function settingsOf(manifest: Pick<DealerManifest, "reservations">): ProviderSettings {
  return reservationSettings(manifest) as ProviderSettings;
}

/** The dealer's provider, or null while it is not configured here (a secret missing from the environment). */
export function providerFor(manifest: Pick<DealerManifest, "reservations">, db: Queryable, env: Env = process.env): PaymentProvider | null {
  const settings = settingsOf(manifest);
  return registration(settings.gateway)?.create({ db, settings, env }) ?? null;
}

/** The provider a stored payment was made with (reconcile, refunds): by its name, with its dealer's settings when there are any. */
export function providerNamed(
  name: string,
  manifest: Pick<DealerManifest, "reservations"> | null,
  db: Queryable,
  env: Env = process.env,
): PaymentProvider | null {
  const reg = registration(name);
  if (!reg) return null;
  const settings = manifest ? settingsOf(manifest) : { gateway: name };
  return settings.gateway === name ? reg.create({ db, settings, env }) : null;
}

/** The webhook signing secret of the dealer's provider, or undefined. */
export function webhookSecretFor(manifest: Pick<DealerManifest, "reservations">, env: Env = process.env): string | undefined {
  const settings = settingsOf(manifest);
  const name = registration(settings.gateway)?.webhookSecretEnv?.(settings);
  return name ? env[name] : undefined;
}

/** What a payment page needs to know of the dealer's provider: how the card is entered, test mode, and a hosted element's key. */
export interface PaymentPage {
  cardEntry: "form" | "hosted";
  testMode: boolean;
  /** The hosted element's publishable key (null for form card entry). */
  publishableKey: string | null;
  /** The ways of paying the provider offers (the marks the page shows). */
  methods: readonly PaymentMethod[];
}

/** The page's view of the dealer's provider, or null while none is configured here (the page then offers no card entry). */
export function paymentPage(manifest: Pick<DealerManifest, "reservations">, db: Queryable, env: Env = process.env): PaymentPage | null {
  const settings = settingsOf(manifest);
  const reg = registration(settings.gateway);
  const provider = reg?.create({ db, settings, env });
  if (!reg || !provider) return null;
  return {
    cardEntry: provider.cardEntry,
    testMode: provider.testMode,
    publishableKey: provider.cardEntry === "hosted" ? (reg.publishableKey?.(settings) ?? null) : null,
    methods: provider.methods,
  };
}
