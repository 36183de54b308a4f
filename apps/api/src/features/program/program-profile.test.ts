import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { localeCodes, localizeRequiredDocument, requiredDocumentsFor } from '@ccap/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE_PATH } from '../../../test/helpers';
import { loadProgramProfile, ProgramProfileError } from './program-profile';

async function writeProfile(content: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-profile-'));
  const file = path.join(dir, 'profile.json');
  await fs.writeFile(file, content);
  return file;
}

describe('program profile', () => {
  it('the shipped default carries the spec facts', async () => {
    const profile = await loadProgramProfile(DEFAULT_PROFILE_PATH);
    expect(profile.versionLine).toBe('2.0 build 14');
    expect(profile.eligibility).toMatchObject({
      childAgeLimit: 13,
      specialNeedsChildAgeLimit: 19,
      averageWorkHoursPerWeek: 28,
      postsecondaryLifetimeLimitMonths: 24,
      incomeLimitPercentOfPoverty: 160,
      incomeLimitPercentOfPovertySpecialNeeds: 200,
    });
    expect(profile.search.developmentLocation).toEqual({ latitude: 41.57663, longitude: -93.82942 });
    expect(profile.counties).toHaveLength(99);
    expect(profile.timeZone).toBe('America/Chicago');
  });

  it('the shipped default has every text in every language, with the same placeholders', async () => {
    const profile = await loadProgramProfile(DEFAULT_PROFILE_PATH);
    // Every text of the profile is read into a map with "en"; find them all wherever they are.
    const texts: { at: string; text: Record<string, string> }[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) node.forEach((child, index) => walk(child, `${at}[${index}]`));
      else if (typeof node === 'object' && node !== null) {
        if ('en' in node) texts.push({ at, text: node as Record<string, string> });
        else for (const [key, child] of Object.entries(node)) walk(child, at ? `${at}.${key}` : key);
      }
    };
    walk(profile, '');
    // Names, agency, state, 2 units with hours, 6 forms, 4 rules, 11 documents with descriptions.
    expect(texts.length).toBeGreaterThanOrEqual(3 + 4 + 6 + 4 + 22);
    for (const { at, text } of texts) {
      expect(Object.keys(text).sort(), at).toEqual([...localeCodes].sort());
      for (const [code, value] of Object.entries(text)) {
        expect(value.trim(), `${at}.${code}`).not.toBe('');
        expect(value.includes('{person}'), `${at}.${code} keeps {person} as English does`).toBe(
          text.en!.includes('{person}'),
        );
        if (code !== 'en' && text.en!.length > 12) expect(value, `${at}.${code} is translated`).not.toBe(text.en);
      }
    }
  });

  it('an older profile with plain strings and localizedNames still loads, read as English', async () => {
    const written = JSON.parse(await fs.readFile(DEFAULT_PROFILE_PATH, 'utf8'));
    const english = (text: { en: string }) => text.en;
    written.productName = english(written.productName);
    written.agencyName = english(written.agencyName);
    written.localizedNames = { es: { productName: 'Portal en español' } };
    written.state.name = english(written.state.name);
    written.contactUnits = written.contactUnits.map((unit: { name: { en: string }; hours: { en: string } }) => ({
      ...unit,
      name: english(unit.name),
      hours: english(unit.hours),
    }));
    written.requiredDocuments[0].name = 'IRS Form W-9';
    const profile = await loadProgramProfile(await writeProfile(JSON.stringify(written)));
    expect(profile.productName).toEqual({ en: 'Child Care Assistance Provider Portal', es: 'Portal en español' });
    expect(profile.state.name).toEqual({ en: 'Iowa' });
    expect(profile.contactUnits[0]!.hours).toEqual({ en: 'Monday–Friday, 8:00 a.m.–4:30 p.m.' });
    expect(profile.requiredDocuments[0]!.name).toEqual({ en: 'IRS Form W-9' });
    expect(profile).not.toHaveProperty('localizedNames');
  });

  it('refuses a text without English or with an unknown language', async () => {
    const written = JSON.parse(await fs.readFile(DEFAULT_PROFILE_PATH, 'utf8'));
    written.state.name = { es: 'Iowa' };
    written.contactUnits[0].hours = { en: 'Weekdays', xx: 'Nope' };
    const file = await writeProfile(JSON.stringify(written));
    await expect(loadProgramProfile(file)).rejects.toThrow(/state\.name: .*English/);
    await expect(loadProgramProfile(file)).rejects.toThrow(/contactUnits\.0\.hours\.xx: is not a language code/);
  });

  it('a kept document is named in the reader language, its person put back, staff words as written', async () => {
    const profile = await loadProgramProfile(DEFAULT_PROFILE_PATH);
    const [kept] = requiredDocumentsFor(
      profile.requiredDocuments.filter((rule) => rule.code === 'record-check-authorization'),
      { providerType: 'registeredprovider', providerInfo: { firstName: 'Ana', lastName: 'Ruiz' } },
    );
    expect(kept!.documentName).toBe('Record check authorization (Form 470-3301) – Ana Ruiz');
    const japanese = localizeRequiredDocument(profile.requiredDocuments, kept!, 'ja');
    expect(japanese.name).toEqual({ text: '記録照会の同意書（様式 470-3301）– Ana Ruiz', lang: 'ja' });
    expect(japanese.description.text).toContain('Ana Ruiz の児童虐待歴');
    // The rule's English changed since submission: the kept English, said to be English.
    const changed = { ...kept!, documentName: 'Old wording – Ana Ruiz' };
    expect(localizeRequiredDocument(profile.requiredDocuments, changed, 'es').name).toEqual({
      text: 'Old wording – Ana Ruiz',
      lang: 'en',
    });
    const staff = { code: 'staff-request', documentName: 'Lease', description: 'Your lease' };
    expect(localizeRequiredDocument(profile.requiredDocuments, staff, 'es').name).toEqual({ text: 'Lease' });
  });

  it('a bad profile stops start-up with a message naming the field', async () => {
    const good = JSON.parse(await fs.readFile(DEFAULT_PROFILE_PATH, 'utf8'));
    good.eligibility.childAgeLimit = 'thirteen';
    good.timeZone = 'Mars/Olympus_Mons';
    delete good.agencyName;
    const file = await writeProfile(JSON.stringify(good));
    const attempt = loadProgramProfile(file);
    await expect(attempt).rejects.toThrow(ProgramProfileError);
    await expect(loadProgramProfile(file)).rejects.toThrow(/eligibility\.childAgeLimit: .*number/);
    await expect(loadProgramProfile(file)).rejects.toThrow(/agencyName/);
    await expect(loadProgramProfile(file)).rejects.toThrow(/timeZone: must be an IANA time zone/);
  });

  it('refuses search defaults that a search itself could not send', async () => {
    const good = JSON.parse(await fs.readFile(DEFAULT_PROFILE_PATH, 'utf8'));
    good.search.defaultDistanceMiles = 150;
    good.search.defaultProviderTypeId = 2_147_483_648;
    const file = await writeProfile(JSON.stringify(good));
    await expect(loadProgramProfile(file)).rejects.toThrow(/search\.defaultDistanceMiles/);
    await expect(loadProgramProfile(file)).rejects.toThrow(/search\.defaultProviderTypeId/);
  });

  it('malformed JSON and a missing file are named too', async () => {
    await expect(loadProgramProfile(await writeProfile('{ nope'))).rejects.toThrow(/is not valid JSON/);
    await expect(loadProgramProfile('/nonexistent/profile.json')).rejects.toThrow(/cannot be read/);
  });
});
