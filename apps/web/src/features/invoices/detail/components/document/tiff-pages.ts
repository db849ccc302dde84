import type * as Utif from 'utif2';

export interface TiffPage {
  width: number;
  height: number;
  /** RGBA, 8 bits per channel: ready for an ImageData. */
  rgba: Uint8ClampedArray<ArrayBuffer>;
}

export interface TiffDocument {
  pageCount: number;
  /** The page (0-based), decoded on first use: a 20-page scan decodes only the pages looked at. */
  page: (index: number) => TiffPage;
}

/** NewSubfileType (tag 254) bit 0 marks a reduced-resolution copy, such as a thumbnail. */
const isReducedResolution = (ifd: Utif.IFD) => {
  const subfileType = ifd.t254;
  return Array.isArray(subfileType) && typeof subfileType[0] === 'number' && (subfileType[0] & 1) === 1;
};

/**
 * The pages of a TIFF scan (Chromium and Firefox cannot show TIFF in an <img>). UTIF decodes the
 * compressions scanners write, CCITT Group 3 and 4 faxes included. Throws when the file holds no
 * image it can read.
 */
export function readTiff(utif: typeof Utif, buffer: ArrayBuffer): TiffDocument {
  // UTIF reads any bytes as a TIFF; the header says whether they are one ("II*\0" or "MM\0*").
  const header = new Uint8Array(buffer, 0, Math.min(4, buffer.byteLength)).join(',');
  if (header !== '73,73,42,0' && header !== '77,77,0,42') throw new Error('The file is no TIFF');
  // An image directory names its width (tag 256); EXIF and other directories do not.
  const pages = utif.decode(buffer).filter((ifd) => 't256' in ifd && !isReducedResolution(ifd));
  if (pages.length === 0) throw new Error('The TIFF file holds no image');
  const decoded = new Map<number, TiffPage>();
  return {
    pageCount: pages.length,
    page: (index) => {
      const ifd = pages[index];
      if (!ifd) throw new RangeError(`The TIFF file has no page ${index + 1}`);
      let page = decoded.get(index);
      if (!page) {
        utif.decodeImage(buffer, ifd);
        if (!ifd.width || !ifd.height) throw new Error(`Page ${index + 1} of the TIFF file could not be decoded`);
        page = { width: ifd.width, height: ifd.height, rgba: new Uint8ClampedArray(utif.toRGBA8(ifd)) };
        decoded.set(index, page);
      }
      return page;
    },
  };
}
