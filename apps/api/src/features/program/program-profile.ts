import fs from 'node:fs/promises';
import { type ProgramProfile, programProfileSchema } from '@ccap/contracts';

export class ProgramProfileError extends Error {
  override name = 'ProgramProfileError';
}

/** Reads and validates the program profile; a bad one stops start-up naming the field. */
export async function loadProgramProfile(filePath: string): Promise<ProgramProfile> {
  let text: string;
  try {
    text = await fs.readFile(filePath, 'utf8');
  } catch (error) {
    throw new ProgramProfileError(`Program profile ${filePath} cannot be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ProgramProfileError(`Program profile ${filePath} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = programProfileSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`,
    );
    throw new ProgramProfileError(`Program profile ${filePath} is invalid:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
