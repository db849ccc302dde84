/** Zoom steps of the document viewer; "fit" follows the pane's width. */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

export type Zoom = { kind: 'fit' } | { kind: 'scale'; value: number };

export function zoomIn(current: number): number {
  return ZOOM_STEPS.find((step) => step > current + 0.01) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
}

export function zoomOut(current: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < current - 0.01) ?? ZOOM_STEPS[0]!;
}
