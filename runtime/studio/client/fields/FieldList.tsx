"use client";
/**
 * A form's fields, each drawn by the component of its kind (one file each beside this one). The
 * kinds that hold other fields (a group, a union's variant, a list's items) are handed this list
 * as `renderFields`, so they need not import it.
 */
import type { Field } from "../../form";
import type { Path } from "../../ops";
import { useFieldFrame, type RenderFields } from "./field-frame";
import { BooleanField } from "./BooleanField";
import { ColorField } from "./ColorField";
import { EnumField } from "./EnumField";
import { GroupField } from "./GroupField";
import { LinkField } from "./LinkField";
import { NumberField } from "./NumberField";
import { ObjectListField } from "./ObjectListField";
import { OtherField } from "./OtherField";
import { PictureField } from "./PictureField";
import { StringField } from "./StringField";
import { StringListField } from "./StringListField";
import { TextField } from "./TextField";
import { UnionField } from "./UnionField";

export function FieldList({ fields, props, basePath }: { fields: Field[]; props: Record<string, unknown>; basePath: Path }) {
  return (
    <div className="studio-fields">
      {fields.map((f) => (
        <FieldInput key={f.path.join(".")} field={f} props={props} basePath={basePath} />
      ))}
    </div>
  );
}

const renderFields: RenderFields = (fields, props, basePath) => <FieldList fields={fields} props={props} basePath={basePath} />;

function FieldInput({ field, props, basePath }: { field: Field; props: Record<string, unknown>; basePath: Path }) {
  const frame = useFieldFrame(field, props, basePath);
  const p = { field, basePath, frame };
  switch (field.kind) {
    case "group":
      return <GroupField {...p}>{renderFields(field.fields ?? [], props, basePath)}</GroupField>;
    case "union":
      return <UnionField {...p} props={props} renderFields={renderFields} />;
    case "object-list":
      return <ObjectListField {...p} renderFields={renderFields} />;
    case "string-list":
      return <StringListField {...p} />;
    case "boolean":
      return <BooleanField {...p} />;
    case "enum":
      return <EnumField {...p} />;
    case "other":
      return <OtherField {...p} />;
    case "text":
      return <TextField {...p} />;
    case "number":
    case "integer":
      return <NumberField {...p} />;
    case "color":
      return <ColorField {...p} />;
    case "link":
      return <LinkField {...p} />;
    case "picture":
      return <PictureField {...p} />;
    case "string":
      return <StringField {...p} />;
  }
}
