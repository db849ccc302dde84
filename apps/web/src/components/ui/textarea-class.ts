/** The look of a multi-line text field, matching Input (border, focus ring, invalid state). */
export const TEXTAREA_CLASS =
  'min-h-24 w-full rounded-md border border-border bg-surface px-3 py-2 text-sm focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 aria-[invalid=true]:border-danger';
