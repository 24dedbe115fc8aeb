"use client";
// Only rendered for a dealer on Stripe: its chunk (and Stripe.js, which it loads) reach that dealer's payment pages only.
import dynamic from "next/dynamic";
export const StripePayment = dynamic(() => import("./StripePayment").then((m) => m.StripePayment));
