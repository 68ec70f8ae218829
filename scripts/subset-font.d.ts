// subset-font ships no types; only the part scripts/build-font.ts uses.
declare module "subset-font" {
  type Axis = number | { min: number; max: number; default?: number };
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
      variationAxes?: Record<string, Axis>;
    },
  ): Promise<Buffer>;
}
