// saxon-js ships no type declarations; this covers the part used by ./validate-schematron.ts.
declare module 'saxon-js' {
  /** A compiled stylesheet as SaxonJS keeps it in memory; opaque here. */
  export type StylesheetInternal = { readonly __saxonStylesheet: unique symbol };

  export interface TransformOptions {
    /** SEF (compiled stylesheet) as JSON text. */
    stylesheetText?: string;
    /** The `stylesheetInternal` of an earlier result, to skip reading the SEF again. */
    stylesheetInternal?: StylesheetInternal;
    sourceText: string;
    destination: 'raw';
  }

  export interface TransformResult {
    principalResult: unknown;
    stylesheetInternal: StylesheetInternal;
  }

  export function transform(options: TransformOptions): TransformResult;
  export function getProcessorInfo(): { productVersion: string };

  const SaxonJS: { transform: typeof transform; getProcessorInfo: typeof getProcessorInfo };
  export default SaxonJS;
}
