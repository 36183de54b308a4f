import type { AnswerBlock as Block, AnswerField as Field } from '@ccap/contracts';
import type { ApplicationCopy } from './application-copy';
import { createPdfWriter, type PdfWriter } from './pdf-writer';

const BODY = { size: 10 };
const LABEL = { size: 10, color: '#3d3d3d' };
const GAP = 4;
const LABEL_SHARE = 0.4;
const INDENT = 14;

type Parent = PDFKit.PDFStructureElement;

/** Text without bidirectional isolates, for the document's metadata. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');

function layoutFields(w: PdfWriter, fields: Field[], indent: number) {
  const width = w.contentWidth - indent;
  const labelWidth = width * LABEL_SHARE - 8;
  const valueWidth = width * (1 - LABEL_SHARE);
  return fields.map((field) => {
    const label = w.layout(field.label, labelWidth, LABEL);
    // Answers are the person's own text: each line finds its own direction.
    const values = field.lines.map((line) => w.layout(line, valueWidth, BODY, 'auto'));
    const valueHeight = values.reduce((sum, value) => sum + value.height, 0);
    return { label, values, height: Math.max(label.height, valueHeight) + GAP, labelWidth, valueWidth, width };
  });
}

/** Label and answer side by side, as a table row whose header is the label. */
function fieldRows(w: PdfWriter, parent: Parent, fields: Field[], indent = 0) {
  const table = w.group('Table', parent);
  for (const { label, values, height, labelWidth, valueWidth, width } of layoutFields(w, fields, indent)) {
    w.ensure(height);
    const top = w.y;
    const row = w.group('TR', table);
    row.add(w.leaf('TH', () => w.draw(label, indent, labelWidth, top), { scope: 'Row' }));
    row.add(
      w.leaf('TD', () => {
        let offset = top;
        for (const value of values) {
          w.draw(value, indent + width * LABEL_SHARE, valueWidth, offset);
          offset += value.height;
        }
      }),
    );
    row.end();
    w.advance(height);
  }
  table.end();
}

function paragraph(
  w: PdfWriter,
  parent: Parent,
  type: string,
  text: string,
  style: Parameters<PdfWriter['layout']>[2],
  indent = 0,
) {
  const laid = w.layout(text, w.contentWidth - indent, style);
  w.ensure(laid.height);
  const top = w.y;
  parent.add(w.leaf(type, () => w.draw(laid, indent, w.contentWidth - indent, top)));
  w.advance(laid.height);
}

/** A bulleted list: each item a list item with its label (the bullet) and body. */
function list(w: PdfWriter, parent: Parent, items: string[]) {
  const element = w.group('L', parent);
  for (const item of items) {
    const body = w.layout(item, w.contentWidth - INDENT, BODY);
    const bullet = w.layout('•', INDENT, BODY);
    w.ensure(body.height + GAP);
    const top = w.y;
    const li = w.group('LI', element);
    li.add(w.leaf('Lbl', () => w.draw(bullet, 0, INDENT, top)));
    li.add(w.leaf('LBody', () => w.draw(body, INDENT, w.contentWidth - INDENT, top)));
    li.end();
    w.advance(body.height + GAP);
  }
  element.end();
}

/** A table with a header row and a header column (the rates). */
function table(w: PdfWriter, parent: Parent, rows: string[][]) {
  const columns = rows[0]?.length ?? 1;
  const first = w.contentWidth * 0.4;
  const other = (w.contentWidth - first) / Math.max(1, columns - 1);
  const element = w.group('Table', parent);
  rows.forEach((cells, rowIndex) => {
    const style = rowIndex === 0 ? { ...LABEL, weight: 'bold' as const } : BODY;
    const laid = cells.map((cell, index) =>
      w.layout(cell, (index === 0 ? first : other) - 8, index === 0 && rowIndex > 0 ? LABEL : style),
    );
    const height = Math.max(...laid.map((cell) => cell.height));
    w.ensure(height + GAP);
    const top = w.y;
    const row = w.group('TR', element);
    laid.forEach((cell, index) => {
      const offset = index === 0 ? 0 : first + (index - 1) * other;
      const header = rowIndex === 0 || index === 0;
      row.add(
        w.leaf(header ? 'TH' : 'TD', () => w.draw(cell, offset, (index === 0 ? first : other) - 8, top), {
          ...(header ? { scope: rowIndex === 0 ? 'Column' : 'Row' } : {}),
        }),
      );
    });
    row.end();
    w.advance(height + GAP);
  });
  element.end();
}

const PERSON = { size: 10.5, weight: 'bold' as const };
const personHeight = (w: PdfWriter, fields: Field[], heading: number) =>
  heading + layoutFields(w, fields, INDENT).reduce((sum, row) => sum + row.height, 0);

/** The height of what must follow a heading on its page: the first row, or the first person. */
function leadHeight(w: PdfWriter, item: Block | undefined): number {
  switch (item?.kind) {
    case 'fields':
      return layoutFields(w, item.fields.slice(0, 1), 0)[0]?.height ?? 0;
    case 'people':
      return item.people[0] ? personHeight(w, item.people[0].fields, PERSON.size * 1.45) : 0;
    case 'table':
    case 'subheading':
      return 40;
    default:
      return 20;
  }
}

function block(w: PdfWriter, parent: Parent, item: Block) {
  switch (item.kind) {
    case 'fields':
      return fieldRows(w, parent, item.fields);
    case 'people': {
      const element = w.group('L', parent);
      for (const person of item.people) {
        const heading = w.layout(person.heading, w.contentWidth, PERSON);
        // A person is kept on one page.
        w.ensure(personHeight(w, person.fields, heading.height));
        const top = w.y;
        const li = w.group('LI', element);
        li.add(w.leaf('Lbl', () => w.draw(heading, 0, w.contentWidth, top)));
        w.advance(heading.height);
        const body = w.group('LBody', li);
        fieldRows(w, body, person.fields, INDENT);
        body.end();
        li.end();
        w.advance(GAP);
      }
      return element.end();
    }
    case 'table':
      return table(w, parent, item.rows);
    case 'subheading':
      w.ensure(60);
      w.advance(GAP);
      return paragraph(w, parent, 'H3', item.text, { size: 11, weight: 'bold' });
    case 'list':
      return list(w, parent, item.items);
    case 'text':
      return paragraph(w, parent, 'P', item.text, BODY);
  }
}

/** The PDF copy: title, facts, then one section per step, tagged for assistive technology. */
export async function renderApplicationPdf(copy: ApplicationCopy): Promise<Buffer> {
  const w = createPdfWriter({
    lang: copy.lang,
    tag: copy.tag,
    direction: copy.direction,
    info: {
      Title: plain(`${copy.heading} ${copy.reference}`),
      Author: plain(copy.programName),
      Subject: plain(copy.agencyName),
    },
  });
  const { root } = w;
  paragraph(w, root, 'P', copy.agencyName, { size: 9, color: '#3d3d3d' });
  paragraph(w, root, 'H1', copy.programName, { size: 18, weight: 'bold', leading: 1.3 });
  w.advance(2);
  paragraph(w, root, 'H2', copy.heading, { size: 14, weight: 'bold' });
  for (const fact of copy.facts) paragraph(w, root, 'P', fact, BODY);
  w.advance(8);
  w.rule(1.25, '#333333');
  w.advance(6);

  for (const section of copy.sections) {
    const element = w.group('Sect', root);
    // A heading is never left alone at the foot of a page.
    w.ensure(45 + leadHeight(w, section.blocks[0]));
    w.advance(8);
    paragraph(w, element, 'H2', section.heading, { size: 13, weight: 'bold' });
    w.rule();
    w.advance(5);
    for (const item of section.blocks) block(w, element, item);
    element.end();
  }
  return w.finish((page, pages) => `${copy.programName} · ${copy.reference} · ${page} / ${pages}`);
}
