import { describe, expect, it } from 'vitest';
import { srgbIccProfile } from './srgb-icc-profile';

const ascii = (bytes: Uint8Array, at: number, length = 4) => String.fromCharCode(...bytes.subarray(at, at + length));

/** The tag table: signature → [offset, size]. */
function tags(profile: Uint8Array): Map<string, [number, number]> {
  const view = new DataView(profile.buffer, profile.byteOffset, profile.byteLength);
  const table = new Map<string, [number, number]>();
  for (let i = 0; i < view.getUint32(128); i++) {
    const at = 132 + i * 12;
    table.set(ascii(profile, at), [view.getUint32(at + 4), view.getUint32(at + 8)]);
  }
  return table;
}

describe('srgbIccProfile', () => {
  const profile = srgbIccProfile();
  const view = new DataView(profile.buffer, profile.byteOffset, profile.byteLength);

  it('has a valid version 2 display profile header', () => {
    expect(view.getUint32(0)).toBe(profile.length);
    expect(view.getUint8(8)).toBe(2);
    expect(ascii(profile, 12)).toBe('mntr');
    expect(ascii(profile, 16)).toBe('RGB ');
    expect(ascii(profile, 20)).toBe('XYZ ');
    expect(ascii(profile, 36)).toBe('acsp');
    // PCS illuminant D50 as s15Fixed16.
    expect([68, 72, 76].map((at) => view.getInt32(at) / 65536)).toEqual([
      expect.closeTo(0.9642, 4),
      expect.closeTo(1, 4),
      expect.closeTo(0.8249, 4),
    ]);
  });

  it('carries every tag an RGB display profile requires, each inside the file with its type', () => {
    const table = tags(profile);
    expect([...table.keys()].sort()).toEqual(['bTRC', 'bXYZ', 'cprt', 'desc', 'gTRC', 'gXYZ', 'rTRC', 'rXYZ', 'wtpt']);
    const types: Record<string, string> = {
      desc: 'desc',
      cprt: 'text',
      wtpt: 'XYZ ',
      rXYZ: 'XYZ ',
      rTRC: 'curv',
      gTRC: 'curv',
      bTRC: 'curv',
    };
    for (const [signature, [offset, size]] of table) {
      expect(offset % 4, signature).toBe(0);
      expect(offset + size, signature).toBeLessThanOrEqual(profile.length);
      expect(ascii(profile, offset), signature).toBe(types[signature] ?? 'XYZ ');
    }
    const [descOffset] = table.get('desc') ?? [0];
    expect(ascii(profile, descOffset + 12, 17)).toBe('sRGB IEC61966-2.1');
  });

  it('adds up the colorants to the D50 white and samples the sRGB curve', () => {
    const table = tags(profile);
    const xyz = (signature: string) => {
      const [offset] = table.get(signature) ?? [0];
      return [0, 1, 2].map((i) => view.getInt32(offset + 8 + i * 4) / 65536);
    };
    const sum = [0, 1, 2].map((i) => (xyz('rXYZ')[i] ?? 0) + (xyz('gXYZ')[i] ?? 0) + (xyz('bXYZ')[i] ?? 0));
    expect(sum[0]).toBeCloseTo(0.9642, 3);
    expect(sum[1]).toBeCloseTo(1, 3);
    expect(sum[2]).toBeCloseTo(0.8249, 2);
    const [curve] = table.get('rTRC') ?? [0];
    const count = view.getUint32(curve + 8);
    const sample = (i: number) => view.getUint16(curve + 12 + i * 2) / 65535;
    expect(sample(0)).toBe(0);
    expect(sample(count - 1)).toBe(1);
    expect(sample(Math.round((count - 1) * 0.5))).toBeCloseTo(0.214, 2); // sRGB 50 % grey is 21.4 % light
  });

  it('is built once', () => {
    expect(srgbIccProfile()).toBe(profile);
  });
});
