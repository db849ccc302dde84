/**
 * A4 portrait in PDF points (1/72 inch, y upwards from the bottom edge). Positions follow DIN 5008
 * form B, which is specified in millimetres from the top-left corner, so they are written that way
 * and converted here.
 */
import { rgb } from 'pdf-lib';

export const MM = 72 / 25.4;
export const PAGE_WIDTH = 210 * MM;
export const PAGE_HEIGHT = 297 * MM;

/** DIN 5008: text starts 25 mm from the left edge and ends 20 mm from the right one. */
export const LEFT = 25 * MM;
export const RIGHT = PAGE_WIDTH - 20 * MM;
export const CONTENT_WIDTH = RIGHT - LEFT;

/** The y coordinate of a line `mm` millimetres below the top edge. */
export function fromTop(mm: number): number {
  return PAGE_HEIGHT - mm * MM;
}

/** The y coordinate of a line `mm` millimetres above the bottom edge. */
export function fromBottom(mm: number): number {
  return mm * MM;
}

/** Near-black text reads softer than pure black on screen and prints the same. */
export const COLORS = {
  text: rgb(0.11, 0.11, 0.11),
  muted: rgb(0.38, 0.38, 0.38),
  rule: rgb(0.78, 0.78, 0.78),
  band: rgb(0.94, 0.94, 0.94),
  mark: rgb(0.6, 0.6, 0.6),
};
