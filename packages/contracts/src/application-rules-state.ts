// The program's application rules in force, with no zod: the web's first load imports this file
// alone (`@ccap/contracts/application-rules-state`) to keep the rules once the profile arrives,
// as `days.ts` keeps the program's time zone (ADR 042, ADR 108).
import type { ApplicationRules } from './application/program-rules';

let rulesInForce: ApplicationRules | undefined;

/**
 * From now on the wizard's step rules check the program's own limits and maximum rates: the API
 * sets them at start-up and the web app when the program profile arrives, so the browser and the
 * server refuse the same answers with the same messages. Undefined: no program limits are known.
 */
export function applyApplicationRules(rules: ApplicationRules | undefined) {
  rulesInForce = rules;
}

/** The rules `applyApplicationRules` set, if any. */
export const applicationRulesInForce = (): ApplicationRules | undefined => rulesInForce;
