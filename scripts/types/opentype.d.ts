// opentype.js ships no types; the picture generator only needs these calls.
declare module "opentype.js" {
  export interface RenderOptions {
    kerning?: boolean;
    /** Extra space after each glyph, in ems. */
    letterSpacing?: number;
  }
  export interface PathDataOptions {
    decimalPlaces?: number;
    optimize?: boolean;
    flipY?: boolean;
  }
  export interface Path {
    toPathData(options?: number | PathDataOptions): string;
  }
  export interface Font {
    unitsPerEm: number;
    charToGlyphIndex(ch: string): number;
    getAdvanceWidth(text: string, fontSize: number, options?: RenderOptions): number;
    getPath(text: string, x: number, y: number, fontSize: number, options?: RenderOptions): Path;
  }
  const opentype: { parse(buffer: ArrayBuffer): Font };
  export default opentype;
}
