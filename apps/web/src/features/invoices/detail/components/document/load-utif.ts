import type * as Utif from 'utif2';

/** The TIFF decoder loads the first time a TIFF is shown (only the TIFF viewer imports this). */
export async function loadUtif(): Promise<typeof Utif> {
  // A CommonJS module: its namespace is the default export.
  const module = (await import('utif2')) as typeof Utif & { default?: typeof Utif };
  return module.default ?? module;
}
