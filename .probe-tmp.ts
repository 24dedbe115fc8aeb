import { validateManifest } from "./runtime/generated/validators.js";
import { minimalManifest } from "./tests/helpers/manifest-fixture";
const m = minimalManifest();
m.routes["/"].blocks[0].type = "rich-txt";
m.routes["/"].blocks.push({ type: "rich-text", props: { content: [], hedaing: "x" } });
m.template = "franchies";
m.theme.colors.primary = 5;
console.log(validateManifest(m));
for (const e of (validateManifest as any).errors) console.log(JSON.stringify({ ...e, parentSchema: e.parentSchema ? Object.keys(e.parentSchema) : undefined, schema: typeof e.schema === 'object' ? '[obj]' : e.schema }));
