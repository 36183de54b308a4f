import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser } from '../../../test/identity';

// The documents an application needs are named in the program profile; the notice that lists
// them speaks the recipient's language, names included.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function submitAs(language: string) {
  const user = await createUser(ctx, `Reader ${language}`);
  await sql`update app_user set preferred_language = ${language} where id = ${user.id}`.execute(ctx.database.db);
  const applicationJson = JSON.stringify(completeApplication());
  const draft = await ctx.app.inject({
    method: 'POST',
    url: '/api/Application/save-my-draft-applications',
    headers: user.headers,
    payload: { applicationJson },
  });
  const submitted = await ctx.app.inject({
    method: 'POST',
    url: '/api/Application',
    headers: user.headers,
    payload: { draftApplicationId: draft.json<{ id: number }>().id, applicationJson },
  });
  expect(submitted.statusCode).toBe(201);
  const { rows } = await sql<{ title: string; body: string }>`
    select title, body from message where user_id = ${user.id} and event = 'documentsRequired'`.execute(
    ctx.database.db,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('the documents-required notice', () => {
  it.each([
    ['ja', 'IRS 様式 W-9', '写真付き身分証明書'],
    ['es', 'Formulario W-9 del IRS', 'Identificación con foto'],
    ['ae', 'نموذج W-9 من دائرة الإيرادات الداخلية', 'هوية تحمل صورة'],
  ])('in %s names the documents in that language', async (language, w9, photo) => {
    const message = await submitAs(language);
    expect(message.body).toContain(`- ${w9}`);
    expect(message.body).toContain(`- ${photo}`);
    for (const english of ['IRS Form W-9', 'Photo identification', 'CPR certificate', 'Please upload']) {
      expect(message.body).not.toContain(english);
    }
  });

  it('in English as before', async () => {
    const message = await submitAs('en');
    expect(message.body).toContain('- IRS Form W-9\n- Photo identification');
  });
});
