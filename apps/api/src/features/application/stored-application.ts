import { type DraftApplication, parseApplication } from '@ccap/contracts';

/**
 * A submitted application's answers as the database holds them (jsonb, parsed or as text). They
 * passed the draft schema when submitted, so one that does not now is a fault, not a user's error.
 */
export function storedApplication(json: unknown, applicationId: number): DraftApplication {
  const parsed = parseApplication(json);
  if (!parsed.success) {
    const where = parsed.issues.map((issue) => issue.path || '(root)').join(', ');
    throw new Error(`The stored answers of application ${applicationId} are not an application (${where})`);
  }
  return parsed.data;
}
