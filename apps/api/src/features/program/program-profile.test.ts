import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
