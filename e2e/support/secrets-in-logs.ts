import fs from 'node:fs';
import path from 'node:path';
import { DEMO, DEMO_TOTP_SECRET, NEW_ACCOUNT_PASSWORD, WRONG_PASSWORD_PREFIX } from './accounts';
import { LOG_DIR } from './env';

/**
 * What must never be in a server's log, whatever the line: each rule names what it finds, and a
 * finding is reported by file, line and rule only, so that the report does not repeat the secret.
 */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const RULES: { name: string; pattern: RegExp; except?: RegExp }[] = [
  // The demonstration accounts' passwords are public (the README lists them), and the embedded
  // default's start-up banner prints them for whoever runs it, one account a row: there only.
  ...Object.values(DEMO).map((account) => ({
    name: 'a demonstration password outside the start-up banner',
    pattern: new RegExp(escape(account.password)),
    except: new RegExp(`^ {4}${escape(account.email)} +${escape(account.password)} +[\\w-]+$`),
  })),
  // The demo staff accounts' authenticator key is public too, printed by the banner only.
  {
    name: 'the demo authenticator key outside the start-up banner',
    pattern: new RegExp(DEMO_TOTP_SECRET),
    except: new RegExp(
      `^  Staff demo accounts' authenticator app secret \\(second sign-in step\\): ${DEMO_TOTP_SECRET}$`,
    ),
  },
  { name: 'recovery codes', pattern: /"recoveryCodes"\s*:/ },
  { name: 'a password the tests typed', pattern: new RegExp(escape(NEW_ACCOUNT_PASSWORD)) },
  { name: 'a wrong password the tests typed', pattern: new RegExp(`${escape(WRONG_PASSWORD_PREFIX)}\\d`) },
  // Access and ID tokens are JWTs: a header and a payload, each base64url JSON ("eyJ").
  { name: 'a JWT (access or ID token)', pattern: /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\./ },
  { name: 'a bearer token', pattern: /Bearer\s+[\w.~+/-]{8,}/i },
  // Integration API keys (ADR 112) have a prefix of their own: no line may hold one.
  { name: 'an integration API key', pattern: /ccapk_[\w-]{8,}/ },
  { name: 'an API key header', pattern: /"x-api-key"\s*:/i },
  // One-time links, authorization codes, PKCE verifiers, refresh tokens in an address: the
  // access log keeps the parameter's name and "[redacted]" in place of its value.
  {
    name: 'a secret parameter in an address',
    pattern: /[?&](?:token|xsrf|code|code_verifier|refresh_token|id_token_hint|state)=(?!\[redacted\])[^&#"\s]/i,
  },
  { name: 'a password field', pattern: /"(?:password|newPassword|confirmPassword|currentPassword)"\s*:/i },
  { name: 'a credential header', pattern: /"(?:authorization|cookie|set-cookie)"\s*:/i },
  // The protected answers (ADR 080): the taxpayer number the tests type, a revealed value's field.
  { name: 'a taxpayer number the tests typed', pattern: /\b123-?45-?6789\b/ },
  { name: 'a revealed answer', pattern: /"value"\s*:\s*"\d{3}-?\d{2}-?\d{4}"/ },
];

/** Every line of every log in `dir` against every rule; also what was read, for the summary. */
function scanLogs(dir: string) {
  const findings: { file: string; line: number; rule: string }[] = [];
  const read: { file: string; lines: number; requests: number; redacted: number }[] = [];
  for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.log'))) {
    const lines = fs.readFileSync(path.join(dir, name), 'utf8').split('\n');
    let requests = 0;
    let redacted = 0;
    lines.forEach((text, index) => {
      if (text.includes('"request completed"')) requests += 1;
      if (text.includes('=[redacted]')) redacted += 1;
      for (const rule of RULES)
        if (rule.pattern.test(text) && !rule.except?.test(text))
          findings.push({ file: name, line: index + 1, rule: rule.name });
    });
    read.push({ file: name, lines: lines.filter(Boolean).length, requests, redacted });
  }
  return { findings, read };
}

/**
 * Playwright's global teardown: the three servers have served the whole run, at the most
 * talkative log level; no line of their logs may hold a password, token, code or credential
 * header. A log without a single request line means the logs were not written where they should
 * be, and fails too (a search of nothing finds nothing).
 */
export default function secretsInLogs() {
  const { findings, read } = scanLogs(LOG_DIR);
  // Each server's log file is made by its command's redirection before the server starts.
  const silent = read.filter((log) => log.requests === 0).map((log) => log.file);
  if (read.length === 0 || silent.length)
    throw new Error(`Secrets in logs: no request lines in ${silent.join(', ') || 'any log'} (${LOG_DIR})`);
  if (findings.length) {
    const shown = findings.slice(0, 20).map((finding) => `  ${finding.file}:${finding.line}: ${finding.rule}`);
    throw new Error(
      `Secrets in logs: ${findings.length} line(s) of the servers' logs in ${LOG_DIR} hold what must never be logged:\n${shown.join('\n')}`,
    );
  }
  const summary = read.map(
    (log) => `${log.file} ${log.lines} lines (${log.requests} requests, ${log.redacted} redacted)`,
  );
  console.log(`Secrets in logs: none found in ${summary.join('; ')}`);
  fs.rmSync(LOG_DIR, { recursive: true, force: true });
}
