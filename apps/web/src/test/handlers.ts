import fs from 'node:fs';
import path from 'node:path';
import type { ProgramProfile } from '@ccap/contracts';
import { http, HttpResponse } from 'msw';

const webRoot = path.resolve(import.meta.dirname, '../..');

/** The shipped default profile, so tests see the same facts as the real API serves. */
export const testProfile: ProgramProfile = JSON.parse(
  fs.readFileSync(path.resolve(webRoot, '../api/profiles/default.json'), 'utf8'),
);

/** Translations as the server would serve them from /locales. */
const locale = (code: string): Record<string, unknown> =>
  JSON.parse(fs.readFileSync(path.join(webRoot, 'public/locales', `${code}.json`), 'utf8'));

export const defaultHandlers = [
  http.get('*/api/Program/get-profile', () => HttpResponse.json(testProfile)),
  http.get('*/locales/:code.json', ({ params }) => HttpResponse.json(locale(String(params.code)))),
];
