import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { createGazetteer } from './gazetteer';
import { parseCsv, readImportFile, validateImport } from './import';
import { createProvidersRepository } from './providers.repository';

const gazetteer = createGazetteer('IA', ['Polk', 'Story']);
const HEADER =
  'LicenseNumber,BusinessName,OwnerFirstName,OwnerLastName,ProviderTypeID,IsCCA,Capacity,Address1,City,Zip,Phone,Languages,OperationHours,ProvidesWeekendCare';

describe('parseCsv', () => {
  it('reads quoted commas, doubled quotes, line breaks in quotes and CRLF', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', ''],
    ]);
  });
});

describe('validateImport', () => {
  it('keeps good rows and reports each bad one with its row number and reasons', () => {
    const csv = [
      HEADER,
      'CDH-1,"Acorn House, LLC",Ana,Ruiz,1,yes,8,1 Main St,Des Moines,50309,515-555-0101,en;es,"Monday 7:00-17:30; Sat 08:00-12:00",true',
      'CDH-2,,Bo,Lee,1,maybe,eight,2 Oak Ave,Ames,5001,,en,Funday 9-5,no',
      'CDH-3,No Place Care,,,1,no,5,3 Elm St,Nowhere,00000,,,,',
    ].join('\n');
    const report = validateImport(readImportFile('export.csv', csv), gazetteer);
    expect(report.accepted).toHaveLength(1);
    expect(report.accepted[0]).toMatchObject({
      licenseNumber: 'CDH-1',
      businessName: 'Acorn House, LLC',
      isCca: true,
      capacity: 8,
      county: 'Polk',
      latitude: 41.5887,
      longitude: -93.6212,
      languages: ['en', 'es'],
      weekendCare: true,
      operationHours: [
        { DayName: 'Monday', starttime: '07:00', endtime: '17:30' },
        { DayName: 'Saturday', starttime: '08:00', endtime: '12:00' },
      ],
    });
    expect(report.rejected.map((r) => r.row)).toEqual([3, 4]);
    const reasons = report.rejected[0]!.errors.join(' | ');
    for (const field of ['BusinessName', 'IsCCA', 'Capacity', 'Zip', 'OperationHours'])
      expect(reasons).toContain(field);
    expect(report.rejected[1]!.errors).toEqual(['Latitude/Longitude: missing and the ZIP code is unknown']);
  });

  it('reads a JSON array with the record field names', () => {
    const json = JSON.stringify([
      {
        LicenseNumber: 'J-1',
        BusinessName: 'Json Care',
        IsCCA: false,
        Capacity: 4,
        Address1: '1 A St',
        City: 'Ames',
        Zip: '50010',
        Latitude: 42.03,
        Longitude: -93.62,
      },
    ]);
    const report = validateImport(readImportFile('x.json', json), gazetteer, 1);
    expect(report.rejected).toEqual([]);
    expect(report.accepted[0]).toMatchObject({ isCca: false, latitude: 42.03, county: 'Story' });
  });
});

describe('import into the directory', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('updates in place by LicenseNumber when run again', async () => {
    const repository = createProvidersRepository(database.db);
    const load = (name: string) =>
      validateImport(
        readImportFile('a.csv', `${HEADER}\nCDH-9,${name},A,B,1,yes,8,1 Main St,Ames,50010,,en,,no`),
        gazetteer,
      );
    expect(await repository.upsert(load('First Name Care').accepted)).toBe(1);
    expect(await repository.upsert(load('Renamed Care').accepted)).toBe(1);
    const found = await repository.search({ zipCode: '50010', limit: 50 });
    expect(found.value.map((p) => p.BusinessName)).toEqual(['Renamed Care']);
    expect(await repository.countBySource('import')).toBe(1);
    // The name search follows the words of the new name only (kept by triggers, migration 0012).
    const byName = async (name: string) =>
      (await repository.search({ businessName: name, limit: 50 })).value.map((p) => p.BusinessName);
    expect(await byName('Renamd')).toEqual(['Renamed Care']);
    expect(await byName('First')).toEqual([]);
  });

  it('ranks the closest spelling first, then by name, and pages of 50 stay whole', async () => {
    const repository = createProvidersRepository(database.db);
    const rows = [
      ...Array.from({ length: 60 }, (_, i) => `W-${i},Sunshine Care ${String(i).padStart(2, '0')}`),
      'W-S1,Sunshyne Academy',
      'W-S2,Moonshine Stories',
      "W-B1,Amanda's Busy Sprouts",
      'W-B2,Blue Sky Sprouts',
    ].map((row) => `${row},A,B,1,yes,8,1 Main St,Ames,50010,,en,,no`);
    const { accepted } = validateImport(readImportFile('w.csv', [HEADER, ...rows].join('\n')), gazetteer);
    await repository.upsert(accepted);
    const page = await repository.search({ businessName: 'sunshyne', limit: 50 });
    expect(page.total).toBe(61);
    const found = page.value.map((p) => p.BusinessName);
    expect(found).toHaveLength(50);
    expect(found.slice(0, 3)).toEqual(['Sunshyne Academy', 'Sunshine Care 00', 'Sunshine Care 01']);
    expect(found).not.toContain('Moonshine Stories');
    // A ZIP code narrows the word's rows to that ZIP code.
    const inZip = await repository.search({ businessName: 'sunshyne', zipCode: '50010', limit: 5 });
    expect(inZip.value.map((p) => p.BusinessName)).toEqual(found.slice(0, 5));
    expect((await repository.search({ businessName: 'sunshyne', zipCode: '50309', limit: 5 })).value).toEqual([]);
    // Several words rank by the whole name, not by their longest word alone.
    const sprouts = await repository.search({ businessName: 'Blu Skye Sprouts', limit: 50 });
    expect(sprouts.value[0]?.BusinessName).toBe('Blue Sky Sprouts');
    // Every other "Sprouts" shares one word of three: far from the best, it is not answered.
    expect(sprouts.value.map((p) => p.BusinessName)).toEqual(['Blue Sky Sprouts']);
  });
});
