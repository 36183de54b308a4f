import type { Kysely } from 'kysely';
import { pingDatabase } from '../../db/database';
import type { DB } from '../../db/schema';

export interface DatabaseCheck {
  up: boolean;
  latencyMs: number;
}

export function createHealthRepository(db: Kysely<DB>, timeoutMs = 2_000) {
  return {
    async checkDatabase(): Promise<DatabaseCheck> {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database check timed out')), timeoutMs);
      });
      try {
        await Promise.race([pingDatabase(db), timeout]);
        return { up: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
      } catch {
        return { up: false, latencyMs: Math.round(performance.now() - started) };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
export type HealthRepository = ReturnType<typeof createHealthRepository>;
