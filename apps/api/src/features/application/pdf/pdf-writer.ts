import PDFDocument from 'pdfkit';
import { type FontFamily, type FontKey, type FontWeight, fontHas, loadFont } from './fonts';
import { type Direction, fontRuns, type Line, layoutParagraph } from './text-layout';

export interface TextStyle {
  size: number;
  weight?: FontWeight;
  color?: string;
  /** Line height as a multiple of the size. */
  leading?: number;
}

export interface Paragraph {
  lines: Line[];
  style: Required<TextStyle>;
  height: number;
}

type StructElement = PDFKit.PDFStructureElement;
type StructChild = PDFKit.PDFStructureElementChild;
// pdfkit also reads `scope` (table headers), which its type definitions leave out.
type StructOptions = PDFKit.Mixins.StructureElementOptions & { scope?: 'Row' | 'Column' };

const PAGE = { width: 612, height: 792, margin: 54 };

/**
 * Arabic is shaped a whole run at a time (given features, pdfkit hands fontkit the run);
 * other scripts word by word, which pdfkit caches, so a document shapes each word once.
 */
const shaping = (family: FontFamily): { features?: [] } => (family === 'arabic' ? { features: [] } : {});

/**
 * A tagged PDF written top to bottom: paragraphs of any script laid out by text-layout,
 * a structure tree for assistive technology, pages added as content runs out. Direction
 * mirrors the horizontal positions of an RTL document, so callers think in "start" and "end".
 */
export function createPdfWriter(options: {
  lang: string;
  tag: string;
  direction: Direction;
  info: { Title: string; Author: string; Subject: string };
}) {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    bufferPages: true,
    tagged: true,
    displayTitle: true,
    pdfVersion: '1.7',
    lang: options.tag,
    info: { ...options.info, Creator: options.info.Author },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const registered = new Set<FontKey>();
  // Shaping a run is the costly part of measuring it; lines are measured word by word.
  const widths = new Map<string, number>();
  const use = (key: FontKey, size: number) => {
    if (!registered.has(key)) {
      // pdfkit takes a fontkit font as it takes a file; it keeps its own subset per document.
      doc.registerFont(key, loadFont(key) as unknown as Buffer);
      registered.add(key);
    }
    doc.font(key).fontSize(size);
  };

  const left = PAGE.margin;
  const contentWidth = PAGE.width - 2 * PAGE.margin;
  const bottom = PAGE.height - PAGE.margin;
  let y = PAGE.margin;
  const root = doc.struct('Document');
  doc.addStructure(root);

  /** The absolute x of a box that starts `offset` from the start edge of the content. */
  const boxX = (offset: number, width: number) =>
    options.direction === 'rtl' ? left + contentWidth - offset - width : left + offset;

  const fonts = (text: string) => fontRuns(text, { lang: options.lang, base: 'latin', has: fontHas });

  function layout(text: string, width: number, style: TextStyle, direction: Direction | 'auto' = options.direction) {
    const full: Required<TextStyle> = { weight: 'regular', color: '#111111', leading: 1.45, ...style };
    const measure = (piece: string, family: FontFamily) => {
      const key = `${family}-${full.weight}|${full.size}|${piece}`;
      let width = widths.get(key);
      if (width === undefined) {
        use(`${family}-${full.weight}`, full.size);
        width = doc.widthOfString(piece, shaping(family));
        widths.set(key, width);
      }
      return width;
    };
    const lines = layoutParagraph(text, { width, direction, fonts, measure });
    return { lines, style: full, height: lines.length * full.size * full.leading } satisfies Paragraph;
  }

  /** Draws a laid-out paragraph in the box, its lines aligned to the document's start edge. */
  function draw(paragraph: Paragraph, offset: number, width: number, top = y) {
    const { style } = paragraph;
    const x = boxX(offset, width);
    doc.fillColor(style.color);
    paragraph.lines.forEach((line, index) => {
      const baseline = top + style.size * (index * style.leading + (style.leading - 1) / 2 + 0.9);
      let cursor = options.direction === 'rtl' ? x + width - line.width : x;
      for (const run of line.runs) {
        use(`${run.family}-${style.weight}`, style.size);
        // Right-to-left runs are drawn in visual order, as readers of PDFs expect them. No
        // ActualText: poppler reverses it a second time.
        doc.text(run.text, cursor, baseline, { lineBreak: false, baseline: 'alphabetic', ...shaping(run.family) });
        cursor += run.width;
      }
    });
  }

  /** Starts a new page when `height` does not fit on this one. */
  function ensure(height: number) {
    if (y + height > bottom && y > PAGE.margin) {
      doc.addPage();
      y = PAGE.margin;
    }
  }

  /** Decoration that assistive technology skips. */
  function rule(weight = 0.75, color = '#8a8a8a') {
    doc.markContent('Artifact', { type: 'Layout' });
    doc
      .moveTo(left, y)
      .lineTo(left + contentWidth, y)
      .lineWidth(weight)
      .strokeColor(color)
      .stroke();
    doc.endMarkedContent();
  }

  const leaf = (type: string, paint: () => void, extra: StructOptions = {}) => doc.struct(type, extra, paint);

  return {
    doc,
    contentWidth,
    layout,
    draw,
    ensure,
    rule,
    leaf,
    root,
    get y() {
      return y;
    },
    advance(by: number) {
      y += by;
    },
    /** A structure element whose children the caller adds, then ends. */
    group(type: string, parent: StructElement, extra: StructOptions = {}) {
      const element = doc.struct(type, extra);
      parent.add(element);
      return element;
    },
    add(parent: StructElement, child: StructChild) {
      parent.add(child);
    },
    /** Footers on every page, then the finished file. */
    async finish(footer: (page: number, pages: number) => string): Promise<Buffer> {
      root.end();
      const range = doc.bufferedPageRange();
      for (let index = range.start; index < range.start + range.count; index++) {
        doc.switchToPage(index);
        const paragraph = layout(footer(index + 1, range.count), contentWidth, { size: 8, color: '#555555' });
        doc.markContent('Artifact', { type: 'Pagination' });
        draw(paragraph, 0, contentWidth, PAGE.height - PAGE.margin + 14);
        doc.endMarkedContent();
      }
      doc.end();
      return finished;
    },
  };
}
export type PdfWriter = ReturnType<typeof createPdfWriter>;
