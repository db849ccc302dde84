import { describe, expect, it } from 'vitest';
import { isFirstScreenShown, LOADING_PLACEHOLDER } from './first-screen';

/** A page as far as isFirstScreenShown asks: which selectors match something on it. */
function pageWith(...present: string[]): Pick<ParentNode, 'querySelector'> {
  return { querySelector: (selector: string) => (present.includes(selector) ? ({} as Element) : null) };
}

describe('isFirstScreenShown', () => {
  it('is shown with a heading and nothing loading', () => {
    expect(isFirstScreenShown(pageWith('h1'))).toBe(true);
  });

  it('is not shown while a placeholder loads, heading or not', () => {
    expect(isFirstScreenShown(pageWith('h1', LOADING_PLACEHOLDER))).toBe(false);
    expect(isFirstScreenShown(pageWith(LOADING_PLACEHOLDER))).toBe(false);
  });

  it('is not shown before the page has its heading', () => {
    expect(isFirstScreenShown(pageWith())).toBe(false);
  });
});
