/** A typed array of one of the kinds the index builders grow as documents arrive. */
type GrowableArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;

/**
 * A copy of `array` with room for `length` elements, of the same kind: the builders cannot size
 * their arrays up front (the number of documents is known only once the last batch is read), so
 * they grow them, doubling, with this one helper. The elements past the old length are zero.
 */
export function grown<T extends GrowableArray>(array: T, length: number): T {
  const copy = new (array.constructor as new (length: number) => T)(length);
  copy.set(array);
  return copy;
}
