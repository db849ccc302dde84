/**
 * The invoice's fonts: DejaVu Sans and DejaVu Sans Bold, embedded as subsets (only the glyphs the
 * page uses), which covers €, umlauts, typographic quotes and most Latin, Greek and Cyrillic names.
 * PDF/A forbids the standard 14 fonts unless embedded, so nothing falls back to Helvetica.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDict, PDFName, PDFNumber, PDFRawStream, decodePDFRawStream, type PDFDocument, type PDFFont } from 'pdf-lib';

export interface InvoiceFonts {
  regular: PDFFont;
  bold: PDFFont;
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type FontkitFont = ReturnType<Fontkit['create']>;
type GlyphRun = ReturnType<FontkitFont['layout']>;

interface FontFiles {
  regular: Uint8Array;
  bold: Uint8Array;
}

let fontFiles: Promise<FontFiles> | null = null;

/** The TTF bytes, read once per process (about 1.4 MB together). */
function loadFontFiles(): Promise<FontFiles> {
  if (!fontFiles) {
    const require = createRequire(import.meta.url);
    const read = async (file: string) => new Uint8Array(await readFile(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
    fontFiles = Promise.all([read('DejaVuSans.ttf'), read('DejaVuSans-Bold.ttf')]).then(([regular, bold]) => ({ regular, bold }));
    // A failed read (package missing) must not stay cached for the life of the process.
    fontFiles.catch(() => (fontFiles = null));
  }
  return fontFiles;
}

const parsedFonts = new WeakMap<Uint8Array, FontkitFont>();

/**
 * fontkit as pdf-lib uses it, changed in two ways for speed:
 * - a font file is parsed once per process, not once per document (each document still builds
 *   its own subset from it; fontkit reads the file synchronously, so documents never interleave);
 * - text becomes glyphs through the font's cmap alone, without OpenType shaping (GSUB/GPOS).
 *   pdf-lib throws away the glyph positions (kerning) shaping computes anyway, invoice text wants
 *   no ligatures (an "fi" in an article number must stay two letters to search), and shaping took
 *   four fifths of the rendering time.
 */
const unshapedFontkit: Fontkit = {
  create(bytes) {
    let font = parsedFonts.get(bytes);
    if (!font) {
      const parsed = fontkit.create(bytes);
      parsed.layout = (text) => unshapedRun(parsed, text);
      parsedFonts.set(bytes, parsed);
      font = parsed;
    }
    return font;
  },
};

function unshapedRun(font: FontkitFont, text: string): GlyphRun {
  // pdf-lib reads only `glyphs` of a run (CustomFontEmbedder.encodeText and widthOfTextAtSize);
  // the other members describe shaping that did not happen here.
  return { glyphs: font.glyphsForString(text), positions: [] } as Partial<GlyphRun> as GlyphRun;
}

/**
 * Embeds both fonts as subsets. `subsetTag` (six capital letters) prefixes the font names as PDF
 * requires for subsets ("ABCDEF+DejaVuSans"); pdf-lib would otherwise append a number that does
 * not mark the font as a subset.
 */
export async function embedInvoiceFonts(doc: PDFDocument, subsetTag: string): Promise<InvoiceFonts> {
  const files = await loadFontFiles();
  doc.registerFontkit(unshapedFontkit);
  const [regular, bold] = await Promise.all([
    doc.embedFont(files.regular, { subset: true, customName: `${subsetTag}+DejaVuSans` }),
    doc.embedFont(files.bold, { subset: true, customName: `${shiftTag(subsetTag)}+DejaVuSans-Bold` }),
  ]);
  return { regular, bold };
}

/** A second tag for the bold font, different from the first but derived from it. */
function shiftTag(tag: string): string {
  return tag.replace(/[A-Z]/g, (letter) => String.fromCharCode(((letter.charCodeAt(0) - 65 + 13) % 26) + 65));
}

/**
 * Sets /Length1 (the decoded length) on every embedded TrueType font program: ISO 32000-1
 * table 127 requires it for FontFile2 and pdf-lib leaves it out. Call after doc.flush(), once the
 * subsets exist.
 */
export function addTrueTypeLengths(doc: PDFDocument): void {
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const fontFile = object.lookup(PDFName.of('FontFile2'));
    if (!(fontFile instanceof PDFRawStream)) continue;
    fontFile.dict.set(PDFName.of('Length1'), PDFNumber.of(decodePDFRawStream(fontFile).decode().length));
  }
}
