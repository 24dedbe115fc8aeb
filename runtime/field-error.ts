/**
 * One field at fault, the shape every API refusal and every form check reports:
 * top-level fields by name, nested ones dotted (lead_attributes.visited_pages), "" for the whole body.
 */
export interface FieldError {
  field: string;
  message: string;
}
