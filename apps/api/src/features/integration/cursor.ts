import { z } from 'zod';
import { HttpProblem } from '../../plugins/problem';

/**
 * A page's position, opaque to callers: base64url JSON naming the list it belongs to, so that a
 * cursor of one list is refused by another rather than read as a position in it.
 */
const positionSchema = z.discriminatedUnion('k', [
  // The current records and the applications: the last id answered (ids never change).
  z.object({ k: z.literal('records'), id: z.number().int().nonnegative() }),
  z.object({ k: z.literal('applications'), id: z.number().int().nonnegative() }),
  // The changes feed: the last change answered, (transaction, sequence number).
  z.object({ k: z.literal('changes'), x: z.string().regex(/^\d{1,20}$/), s: z.string().regex(/^\d{1,20}$/) }),
]);
export type Position = z.infer<typeof positionSchema>;

export const encodeCursor = (position: Position) => Buffer.from(JSON.stringify(position)).toString('base64url');

/** The position a cursor names, of the list `kind`; a 400 for anything else. */
export function decodeCursor<K extends Position['k']>(cursor: string, kind: K): Extract<Position, { k: K }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const position = positionSchema.safeParse(parsed);
  if (!position.success || position.data.k !== kind) throw new HttpProblem(400, 'cursorInvalid');
  return position.data as Extract<Position, { k: K }>;
}
