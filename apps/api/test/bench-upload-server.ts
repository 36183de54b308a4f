// Started by `npm run bench` (scripts/bench.mjs) with --expose-gc: the whole API in this process
// on a free loopback port, over an in-memory database, with an applicant and a submitted
// application. It measures its own memory between a `mark` and a `report` on stdin, so the
// client's buffers never count.
import readline from 'node:readline';
import { documentsOf, submitApplication } from './documents-fixture';
import { createTestApp } from './helpers';
import { createUser } from './identity';

const ctx = await createTestApp();
await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const user = await createUser(ctx, 'Bench Applicant');
const applicationId = await submitApplication(ctx, user);
const documentIds = (await documentsOf(ctx, user, applicationId)).map((document) => document.documentId);
const { port } = ctx.app.server.address() as { port: number };
console.log(JSON.stringify({ port, token: user.token, applicationId, documentIds }));

const collect = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
let baseline = process.memoryUsage();
let peak = { ...baseline };
let sampler: NodeJS.Timeout | undefined;
const sample = () => {
  const now = process.memoryUsage();
  peak = {
    ...peak,
    rss: Math.max(peak.rss, now.rss),
    heapUsed: Math.max(peak.heapUsed, now.heapUsed),
    arrayBuffers: Math.max(peak.arrayBuffers, now.arrayBuffers),
  };
};

for await (const line of readline.createInterface({ input: process.stdin })) {
  if (line === 'mark') {
    collect();
    baseline = process.memoryUsage();
    peak = { ...baseline };
    sampler = setInterval(sample, 2);
    console.log('marked');
  } else if (line === 'report') {
    clearInterval(sampler);
    sample();
    console.log(
      JSON.stringify({
        rss: peak.rss - baseline.rss,
        heapUsed: peak.heapUsed - baseline.heapUsed,
        arrayBuffers: peak.arrayBuffers - baseline.arrayBuffers,
      }),
    );
  } else if (line === 'quit') {
    break;
  }
}
await ctx.close();
