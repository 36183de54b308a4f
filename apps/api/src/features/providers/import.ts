import { providerDayNames, type ProviderOperationHours } from '@ccap/contracts';
import { z } from 'zod';
import type { Gazetteer } from './gazetteer';
import type { ProviderInput } from './providers.repository';

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((value) => value !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  row.push(field);
  if (row.some((value) => value !== '')) rows.push(row);
  return rows;
}

const yes = new Set(['true', 'yes', 'y', '1']);
const no = new Set(['false', 'no', 'n', '0', '']);
const flag = z.union([z.boolean(), z.string()]).transform((value, ctx) => {
  if (typeof value === 'boolean') return value;
  const folded = value.trim().toLowerCase();
  if (yes.has(folded)) return true;
  if (no.has(folded)) return false;
  ctx.addIssue({ code: 'custom', message: 'must be true or false' });
  return z.NEVER;
});
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const number = z.preprocess(emptyToUndefined, z.coerce.number());
const DAY = new Map(providerDayNames.map((day) => [day.toLowerCase().slice(0, 3), day]));

/** "Monday 07:00-17:30; Tuesday 07:00-17:30" or the record's array form. */
const hours = z
  .union([z.array(z.object({ DayName: z.string(), starttime: z.string(), endtime: z.string() })), z.string()])
  .transform((value, ctx): ProviderOperationHours[] => {
    const entries =
      typeof value === 'string'
        ? value
            .split(';')
            .map((part) => part.trim())
            .filter(Boolean)
            .map((part) => {
              const match = /^(\p{L}+)\s+(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})$/u.exec(part);
              return match
                ? { DayName: match[1]!, starttime: match[2]!, endtime: match[3]! }
                : { DayName: part, starttime: '', endtime: '' };
            })
        : value;
    const result: ProviderOperationHours[] = [];
    for (const entry of entries) {
      const day = DAY.get(entry.DayName.toLowerCase().slice(0, 3));
      const time = /^([01]?\d|2[0-3]):[0-5]\d$/;
      if (!day || !time.test(entry.starttime) || !time.test(entry.endtime)) {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry.DayName} ${entry.starttime}-${entry.endtime}" is not "Day HH:MM-HH:MM"`,
        });
        return z.NEVER;
      }
      const pad = (t: string) => t.padStart(5, '0');
      result.push({ DayName: day, starttime: pad(entry.starttime), endtime: pad(entry.endtime) });
    }
    return result;
  });

/** One row of the agency's licensing export; column names as the spec's search record. */
export const importRowSchema = z.object({
  LicenseNumber: z.string().trim().min(1).max(50),
  BusinessName: z.string().trim().min(1).max(200),
  OwnerFirstName: z.string().trim().max(100).default(''),
  OwnerLastName: z.string().trim().max(100).default(''),
  ProviderTypeID: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  IsCCA: flag,
  Capacity: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1000)),
  Address1: z.string().trim().min(1).max(200),
  City: z.string().trim().min(1).max(100),
  Zip: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'must be a 5-digit ZIP code'),
  County: z.string().trim().max(100).optional(),
  Phone: z.string().trim().max(30).default(''),
  Latitude: number.pipe(z.number().min(-90).max(90)).optional(),
  Longitude: number.pipe(z.number().min(-180).max(180)).optional(),
  Languages: z
    .union([z.array(z.string()), z.string()])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(/[;|]/)).map((code) => code.trim()).filter(Boolean),
    )
    .default([]),
  QualityRating: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(5).optional()),
  AcceptsChildrenWithSpecialNeeds: flag.default(false),
  ProvidesWeekendCare: flag.default(false),
  ProvidesEveningOvernightCare: flag.default(false),
  ProvidesTransportation: flag.default(false),
  OperationHours: hours.default([]),
});

export interface ImportReport {
  accepted: ProviderInput[];
  rejected: { row: number; licenseNumber: string | undefined; errors: string[] }[];
}

/** Rows from a CSV (header line first) or a JSON array of objects. */
export function readImportFile(name: string, text: string): Record<string, unknown>[] {
  if (name.toLowerCase().endsWith('.json')) {
    const json: unknown = JSON.parse(text);
    if (!Array.isArray(json)) throw new Error('The JSON file must hold an array of provider objects.');
    return json as Record<string, unknown>[];
  }
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!header) return [];
  return rows.map((cells) => Object.fromEntries(header.map((column, i) => [column.trim(), cells[i] ?? ''])));
}

/**
 * Validates every row on its own: good rows are kept, bad ones reported with their row
 * number (the header is row 1 in a CSV). A row without coordinates is placed at its ZIP centroid.
 */
export function validateImport(rows: Record<string, unknown>[], gazetteer: Gazetteer, firstRow = 2): ImportReport {
  const report: ImportReport = { accepted: [], rejected: [] };
  rows.forEach((raw, index) => {
    const row = firstRow + index;
    const parsed = importRowSchema.safeParse(raw);
    const licenseNumber = typeof raw.LicenseNumber === 'string' ? raw.LicenseNumber : undefined;
    if (!parsed.success) {
      report.rejected.push({
        row,
        licenseNumber,
        errors: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'row'}: ${issue.message}`),
      });
      return;
    }
    const p = parsed.data;
    const place = gazetteer.zip(p.Zip);
    const latitude = p.Latitude ?? place?.latitude;
    const longitude = p.Longitude ?? place?.longitude;
    if (latitude === undefined || longitude === undefined) {
      report.rejected.push({ row, licenseNumber, errors: ['Latitude/Longitude: missing and the ZIP code is unknown'] });
      return;
    }
    report.accepted.push({
      licenseNumber: p.LicenseNumber,
      businessName: p.BusinessName,
      ownerFirstName: p.OwnerFirstName,
      ownerLastName: p.OwnerLastName,
      providerTypeId: p.ProviderTypeID ?? null,
      isCca: p.IsCCA,
      capacity: p.Capacity,
      address1: p.Address1,
      city: p.City,
      zip: p.Zip.slice(0, 5),
      county: p.County || place?.county || null,
      phone: p.Phone,
      operationHours: p.OperationHours,
      latitude,
      longitude,
      languages: p.Languages,
      qualityRating: p.QualityRating ?? null,
      acceptsSpecialNeeds: p.AcceptsChildrenWithSpecialNeeds,
      weekendCare: p.ProvidesWeekendCare,
      eveningOvernightCare: p.ProvidesEveningOvernightCare,
      transportation: p.ProvidesTransportation,
      source: 'import',
    });
  });
  return report;
}
