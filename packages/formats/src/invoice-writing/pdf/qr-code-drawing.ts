/**
 * A QR code drawn as vector squares, so it stays sharp at any zoom and print resolution. Dark
 * modules of a row are merged into one rectangle and all rectangles filled as one path, which
 * leaves no hairline seams between neighbouring modules when a viewer anti-aliases.
 */
import { type PDFPage, fill, popGraphicsState, pushGraphicsState, rectangle, setFillingRgbColor } from 'pdf-lib';
import QRCode from 'qrcode';

/** Draws `payload` as a QR code of `size` points square with its top-left corner at (x, top). */
export function drawQrCode(page: PDFPage, payload: string, x: number, top: number, size: number): void {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const module = size / count;
  const operators = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  for (let row = 0; row < count; row++) {
    let col = 0;
    while (col < count) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && modules.get(row, col)) col++;
      operators.push(rectangle(x + start * module, top - (row + 1) * module, (col - start) * module, module));
    }
  }
  operators.push(fill(), popGraphicsState());
  page.pushOperators(...operators);
}
