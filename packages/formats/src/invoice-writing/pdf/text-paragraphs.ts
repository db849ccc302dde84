/**
 * Running text across the full width (the notes, VAT notes): wrapped, flowing line by line onto
 * the next page when it reaches the footer.
 */
import { CONTENT_WIDTH, LEFT } from './page-geometry';
import type { PageFlow } from './page-flow';
import type { TextStyle, Typesetter } from './typesetter';

const LINE = 12;
const PARAGRAPH_GAP = 4;

export function drawParagraphs(flow: PageFlow, typesetter: Typesetter, paragraphs: string[], style: TextStyle = {}): void {
  for (const paragraph of paragraphs) {
    for (const line of typesetter.wrap(paragraph, CONTENT_WIDTH, style)) {
      flow.ensureSpace(LINE);
      flow.y -= LINE;
      typesetter.draw(flow.page, line, LEFT, flow.y + 3, style);
    }
    flow.y -= PARAGRAPH_GAP;
  }
}
