import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { ExportFormat } from '@ccap/contracts';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';

/** One cell of an export: text, a number, a moment, or nothing. */
export type ExportCell = string | number | Date | null;

/** The characters a spreadsheet reads as the start of a formula (or that hide one after them). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell's text as a spreadsheet may safely open it: a value starting with `=`, `+`, `-`, `@`, a
 * tab or a carriage return is prefixed with `'`, so it is read as text, never run as a formula.
 */
export const neutralised = (value: ExportCell): ExportCell =>
  typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;

export interface ExportWriter {
  /** Appends one row; resolves once the file's stream can take more (flat memory). */
  add(row: ExportCell[]): Promise<void>;
  /** Finishes the file and closes it. */
  close(): Promise<void>;
  /** Stops writing after a failure; the caller removes the file. */
  abort(): Promise<void>;
}

/**
 * Streams rows to `file`: XLSX through exceljs's streaming WorkbookWriter (each row committed and
 * written out as it comes, no shared strings), CSV through csv-stringify. Text is neutralised in
 * both formats.
 */
export async function openExportWriter(format: ExportFormat, file: string, headers: string[]): Promise<ExportWriter> {
  if (format === 'xlsx') {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: file,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Export');
    sheet.addRow(headers.map(neutralised)).commit();
    return {
      async add(row) {
        sheet.addRow(row.map(neutralised)).commit();
        // Let the zip stream drain what was committed before the next batch.
        await new Promise((resolve) => setImmediate(resolve));
      },
      async close() {
        sheet.commit();
        await workbook.commit();
      },
      async abort() {
        await workbook.commit().catch(() => undefined);
      },
    };
  }
  const out = createWriteStream(file);
  const csv = stringify({ cast: { date: (value) => value.toISOString() } });
  csv.pipe(out);
  const write = async (row: ExportCell[]) => {
    if (!csv.write(row.map(neutralised))) await once(csv, 'drain');
  };
  await write(headers);
  return {
    add: write,
    async close() {
      csv.end();
      await once(out, 'close');
    },
    async abort() {
      csv.destroy();
      out.destroy();
      await once(out, 'close').catch(() => undefined);
    },
  };
}
