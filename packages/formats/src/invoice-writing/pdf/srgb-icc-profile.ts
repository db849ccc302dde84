/**
 * A minimal ICC version 2 display profile for sRGB (IEC 61966-2-1), the output intent of the
 * PDF/A file. No npm package ships one, and it is small enough to build: a 128-byte header, the
 * tag table, and nine tags — desc, cprt, wtpt, rXYZ/gXYZ/bXYZ and one sampled tone curve shared
 * by rTRC/gTRC/bTRC (ICC.1:2001-04, the version 2.4 specification).
 *
 * Colorant values: the sRGB primaries (ITU-R BT.709: red x 0.64 y 0.33, green 0.30/0.60, blue
 * 0.15/0.06, white D65) in CIE XYZ, chromatically adapted to the D50 profile connection space
 * with the Bradford transform, rounded to four places as in the widely used HP/Microsoft
 * "sRGB IEC61966-2.1" profile:
 *   red   X 0.4361  Y 0.2225  Z 0.0139
 *   green X 0.3851  Y 0.7169  Z 0.0971
 *   blue  X 0.1431  Y 0.0606  Z 0.7141
 * (their sum is the D50 white 0.9643 / 1.0000 / 0.8251). The media white point is D65
 * (0.9505, 1.0000, 1.0891), as version 2 display profiles record it; the header's PCS illuminant
 * is D50 (0.9642, 1.0000, 0.8249).
 */

const D50 = [0.9642, 1.0, 0.8249] as const;
const D65 = [0.9505, 1.0, 1.0891] as const;
const RED = [0.4361, 0.2225, 0.0139] as const;
const GREEN = [0.3851, 0.7169, 0.0971] as const;
const BLUE = [0.1431, 0.0606, 0.7141] as const;

const DESCRIPTION = 'sRGB IEC61966-2.1';
const COPYRIGHT = 'No copyright, use freely';
/** Entries of the sampled tone curve; 1024 keeps the dark end of the sRGB curve accurate. */
const CURVE_POINTS = 1024;

let profile: Uint8Array | null = null;

/** The profile bytes, built once per process. Callers get the same array: do not modify it. */
export function srgbIccProfile(): Uint8Array {
  profile ??= buildProfile();
  return profile;
}

/** The sRGB transfer function, from encoded value to linear light (IEC 61966-2-1, 5.2). */
function srgbToLinear(value: number): number {
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

function buildProfile(): Uint8Array {
  const curve = Array.from({ length: CURVE_POINTS }, (_, i) => Math.round(srgbToLinear(i / (CURVE_POINTS - 1)) * 65535));
  const tags: [string, Uint8Array][] = [
    ['desc', textDescription(DESCRIPTION)],
    ['cprt', text(COPYRIGHT)],
    ['wtpt', xyz(D65)],
    ['rXYZ', xyz(RED)],
    ['gXYZ', xyz(GREEN)],
    ['bXYZ', xyz(BLUE)],
    ['rTRC', curveType(curve)],
  ];
  // The three tone curves are identical: one copy of the data, three tag table entries.
  const entries: [string, number][] = [...tags.map(([signature], index) => [signature, index] as [string, number])];
  entries.push(['gTRC', tags.length - 1], ['bTRC', tags.length - 1]);

  const tableSize = 4 + entries.length * 12;
  const offsets: number[] = [];
  let offset = 128 + tableSize;
  for (const [, data] of tags) {
    offsets.push(offset);
    offset = align4(offset + data.length);
  }
  const bytes = new Uint8Array(offset);
  const view = new DataView(bytes.buffer);

  // Header (ICC.1:2001-04, 6.1).
  view.setUint32(0, bytes.length);
  view.setUint32(8, 0x02100000); // version 2.1.0
  ascii(bytes, 12, 'mntr'); // device class: display
  ascii(bytes, 16, 'RGB '); // data colour space
  ascii(bytes, 20, 'XYZ '); // profile connection space
  // 24–35 creation date: a fixed date, so that identical invoices give identical PDFs.
  for (const [index, value] of [2026, 1, 1, 0, 0, 0].entries()) view.setUint16(24 + index * 2, value);
  ascii(bytes, 36, 'acsp');
  view.setUint32(64, 0); // rendering intent: perceptual
  D50.forEach((value, index) => view.setInt32(68 + index * 4, s15Fixed16(value)));

  // Tag table.
  view.setUint32(128, entries.length);
  entries.forEach(([signature, tagIndex], index) => {
    const at = 132 + index * 12;
    ascii(bytes, at, signature);
    view.setUint32(at + 4, offsets[tagIndex] ?? 0);
    view.setUint32(at + 8, tags[tagIndex]?.[1].length ?? 0);
  });
  tags.forEach(([, data], index) => bytes.set(data, offsets[index] ?? 0));
  return bytes;
}

function align4(value: number): number {
  return (value + 3) & ~3;
}

function ascii(bytes: Uint8Array, at: number, text: string): void {
  for (let i = 0; i < text.length; i++) bytes[at + i] = text.charCodeAt(i);
}

function s15Fixed16(value: number): number {
  return Math.round(value * 65536);
}

/** XYZType: 'XYZ ', 4 reserved bytes, three s15Fixed16Number values. */
function xyz([x, y, z]: readonly [number, number, number]): Uint8Array {
  const bytes = new Uint8Array(20);
  const view = new DataView(bytes.buffer);
  ascii(bytes, 0, 'XYZ ');
  [x, y, z].forEach((value, index) => view.setInt32(8 + index * 4, s15Fixed16(value)));
  return bytes;
}

/** textType: 'text', 4 reserved bytes, 7-bit ASCII ending in NUL. */
function text(value: string): Uint8Array {
  const bytes = new Uint8Array(8 + value.length + 1);
  ascii(bytes, 0, 'text');
  ascii(bytes, 8, value);
  return bytes;
}

/**
 * textDescriptionType (version 2 only): the ASCII description with its count, then empty Unicode
 * (language code, count 0) and ScriptCode (code, count 0, 67 bytes) parts.
 */
function textDescription(value: string): Uint8Array {
  const asciiLength = value.length + 1;
  const bytes = new Uint8Array(12 + asciiLength + 4 + 4 + 2 + 1 + 67);
  const view = new DataView(bytes.buffer);
  ascii(bytes, 0, 'desc');
  view.setUint32(8, asciiLength);
  ascii(bytes, 12, value);
  return bytes;
}

/** curveType: 'curv', 4 reserved bytes, the entry count and uInt16 samples from 0 to 1. */
function curveType(samples: number[]): Uint8Array {
  const bytes = new Uint8Array(12 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  ascii(bytes, 0, 'curv');
  view.setUint32(8, samples.length);
  samples.forEach((sample, index) => view.setUint16(12 + index * 2, sample));
  return bytes;
}
