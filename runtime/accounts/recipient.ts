/** Where a sign-in code goes: an email address or an Australian mobile number, normalised so one person is one account per dealer. */
export type Channel = "email" | "sms";

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[a-z]{2,}$/i;

/** Lower-cased email, or null when it is not one. */
export function normaliseEmail(value: string): string | null {
  const v = value.trim().toLowerCase();
  return v.length <= 254 && EMAIL.test(v) ? v : null;
}

/** An Australian mobile as 04xxxxxxxx (from "0412 345 678", "+61 412 345 678", "61412345678"), or null. */
export function normaliseMobile(value: string): string | null {
  let d = value.replace(/[\s()-]/g, "");
  if (d.startsWith("+61")) d = "0" + d.slice(3);
  else if (/^614\d{8}$/.test(d)) d = "0" + d.slice(2);
  return /^04\d{8}$/.test(d) ? d : null;
}

export function normaliseRecipient(channel: Channel, value: string): string | null {
  return channel === "email" ? normaliseEmail(value) : normaliseMobile(value);
}

/** What the page may show of a recipient: "j•••@example.com", "04•• ••• 678". */
export function maskRecipient(channel: Channel, recipient: string): string {
  if (channel === "email") {
    const [name, domain] = recipient.split("@");
    return `${name!.slice(0, 1)}•••@${domain}`;
  }
  return `${recipient.slice(0, 2)}•• ••• ${recipient.slice(-3)}`;
}
