/**
 * A block's props as its component receives them: what a test writes, with the block schema's
 * defaults filled in exactly as the manifest validator fills them when a manifest loads. Tests
 * state only what they are about, and never restate a default.
 */
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { composeManifestSchema } from "../../scripts/lib/generated-files";
import type { BlockNode, ResolvedBlockPropsByType } from "../../runtime/generated/types";

type BlockType = keyof ResolvedBlockPropsByType;
/** The props a manifest may write for a block type (defaults optional). */
export type WrittenProps<T extends BlockType> = NonNullable<Extract<BlockNode, { type: T }>["props"]>;

type Validate = ((data: unknown) => boolean) & { errors?: unknown };
let ajv: { compile(schema: unknown): Validate } | null = null;
const validators = new Map<string, Validate>();

function validatorFor(type: string): Validate {
  let validate = validators.get(type);
  if (!validate) {
    if (!ajv) {
      ajv = new (Ajv2020 as any)({ allErrors: true, strict: false, discriminator: true, useDefaults: true });
      (addFormats as any)(ajv);
      (ajv as any).addSchema({ ...composeManifestSchema(process.cwd()), $id: "manifest" });
    }
    validate = ajv!.compile({ type: "object", properties: { props: { $ref: `manifest#/$defs/block-${type}` } } });
    validators.set(type, validate);
  }
  return validate;
}

/**
 * Throws when the props break the block's schema, unless `breaksSchema` says the test means them
 * to (it checks what the component does with data the validator would have refused).
 */
export function blockProps<T extends BlockType>(type: T, props?: WrittenProps<T>, options: { breaksSchema?: boolean } = {}): ResolvedBlockPropsByType[T] {
  const data = { props: structuredClone(props ?? {}) };
  const validate = validatorFor(type);
  if (!validate(data) && !options.breaksSchema) throw new Error(`props of ${type} break its schema: ${JSON.stringify(validate.errors)}`);
  return data.props as ResolvedBlockPropsByType[T];
}
