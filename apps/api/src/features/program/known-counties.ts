import { HttpProblem } from '../../plugins/problem';

/** A 400 that names each county the program does not have, on the request's field `path`. */
export const unknownCountiesProblem = (unknown: readonly string[], path: string) =>
  new HttpProblem(400, 'unknownCounties', {
    values: { counties: unknown.join(', ') },
    errors: unknown.map((county) => ({ path, message: `Unknown county: ${county}` })),
  });

/** Refuses, by name and before anything is done, the counties the program profile does not have. */
export function refuseUnknownCounties(known: ReadonlySet<string>, names: readonly string[], path = 'counties') {
  const unknown = names.filter((county) => !known.has(county));
  if (unknown.length > 0) throw unknownCountiesProblem(unknown, path);
}
