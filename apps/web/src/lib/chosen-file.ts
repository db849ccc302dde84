export type ChosenFileProblem = 'wrongType' | 'tooLarge';

/**
 * The first checks an import's server makes, made before the file travels: its extension (lower
 * case, without the dot) and its size. Content is the server's to judge.
 */
export function checkChosenFile(
  file: { name: string; size: number },
  { extensions, maxBytes }: { extensions: readonly string[]; maxBytes: number },
): ChosenFileProblem | null {
  const extension = file.name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (!extensions.includes(extension)) return 'wrongType';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}
