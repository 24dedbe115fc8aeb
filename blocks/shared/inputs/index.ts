/** Shared form inputs (client components) and their pure helpers. Not a block: no schema.json here. */
export { AmountInput, type AmountInputProps } from "./AmountInput";
export { PriceInput, type PriceInputProps } from "./PriceInput";
export { KilometreInput, type KilometreInputProps } from "./KilometreInput";
export { NumberInput, type NumberInputProps } from "./NumberInput";
export { RangeWithInput, type RangeWithInputProps } from "./RangeWithInput";
export * from "./number-format";
