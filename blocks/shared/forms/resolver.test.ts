import { describe, expect, it } from "vitest";
import type { FieldError as HookFieldError, FieldErrors, ResolverOptions } from "react-hook-form";
import { validateLeadFields } from "@/runtime/leads/validate";
import { MESSAGES } from "@/runtime/leads/messages";
import { leadFormSchema, leadResolver } from "./resolver";

type Values = Record<string, unknown>;
const options = (names: string[]): ResolverOptions<Values> => ({
  fields: Object.fromEntries(names.map((name) => [name, { ref: { name }, name }])),
  names,
  shouldUseNativeValidation: false,
});
const messages = (errors: FieldErrors<Values>) => Object.fromEntries(Object.entries(errors).map(([k, e]) => [k, (e as HookFieldError).message]));

// An enquiry as a shopper might send it: no first name, a bad email, phone and postcode, no comments.
const INVALID = { form: "enquiry", category: "General Enquiry", name: "", last_name: "Citizen", email: "jamie@", phone: "12", postcode: "40", message: "" };

describe("lead forms validate with the API's validator (one schema, both sides)", () => {
  it("the same invalid body gets the same field messages, in the same order, from the server and the browser", async () => {
    const server = validateLeadFields(INVALID, { final: true });
    expect(server.ok).toBe(false);
    const serverMessages = server.ok ? [] : server.errors.map((e) => [e.field, e.message]);
    expect(serverMessages.map(([f]) => f)).toEqual(["name", "email", "phone", "postcode", "message"]);

    const resolver = leadResolver<Values>({ toLead: (v) => v });
    const out = await resolver(INVALID, undefined, options(Object.keys(INVALID)));
    expect(Object.entries(messages(out.errors))).toEqual(serverMessages);
    expect(out.values).toEqual({});
  });

  it("a valid body passes with the form's own values", async () => {
    const valid = { ...INVALID, name: "Jamie", email: "jamie@example.com", phone: "0412 345 678", postcode: "4000", message: "Hello" };
    const out = await leadResolver<Values>({ toLead: (v) => v })(valid, undefined, options(Object.keys(valid)));
    expect(out).toEqual({ values: valid, errors: {} });
  });

  it("lead fields the form shows under another name are reported there; others once on the form", async () => {
    const body = {
      ...INVALID,
      name: "Jamie",
      email: "a@b.co",
      phone: "0412345678",
      postcode: "4000",
      message: "Hi",
      dealership_id: "x",
      PageTitle: "x".repeat(400),
    };
    const out = await leadResolver<Values>({ toLead: (v) => v })(body, undefined, options(["location_id", "name", "last_name"]));
    expect(messages(out.errors)).toEqual({ location_id: MESSAGES.selectDealership, root: expect.stringContaining("(PageTitle)") });
  });

  it("the form's extra rules join the schema's, in form order", () => {
    const schema = leadFormSchema<Values>(
      { toLead: (v) => v, extra: () => [{ field: "dealership_id", message: MESSAGES.selectDealership }] },
      ["location_id", ...Object.keys(INVALID)],
      true,
    );
    const result = schema["~standard"].validate(INVALID);
    expect(result.issues?.map((i) => i.path?.[0])).toEqual(["location_id", "name", "email", "phone", "postcode", "message"]);
  });
});
