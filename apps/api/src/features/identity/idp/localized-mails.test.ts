import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { lastMailTo, signInThroughIdp } from '../../../../test/identity';

// The identity provider's mails are in the account's language: the registration page's
// (Accept-Language, which the web sets to its own language) until its holder has signed in,
// then the one the portal keeps for them.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const password = 'Una-Frase-Larga-2026';
const spanishProduct = 'Portal de Proveedores de Asistencia para el Cuidado Infantil';

describe('the identity provider mails in the account language', () => {
  it('a registration in Spanish is confirmed, then reminded and reset, in Spanish', async () => {
    const email = 'lucia.spanish@example.gov';
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/idp/account/register',
      headers: { 'accept-language': 'es-US' },
      payload: { name: 'Lucía Gómez', email, password },
      remoteAddress: '10.9.0.1',
    });
    expect(registered.statusCode).toBe(200);
    const confirm = await lastMailTo(ctx, email);
    expect(confirm.mail?.subject).toBe(`Confirme su correo electrónico – ${spanishProduct}`);
    expect(confirm.mail?.text).toMatch(/^Hola, Lucía Gómez:/);
    expect(confirm.mail?.text).toContain('abra este enlace en las próximas 24 horas');
    expect(confirm.mail?.text).not.toMatch(/Hello|open this link/);

    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/idp/account/confirm',
      payload: { token: confirm.token },
      remoteAddress: '10.9.0.1',
    });
    expect(confirmed.statusCode).toBe(200);

    // The first portal call after signing in, from the Spanish page, keeps Spanish as theirs.
    const { tokens } = await signInThroughIdp(ctx, email, password);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/User/me',
      headers: { authorization: `Bearer ${tokens!.access_token}`, 'accept-language': 'es-US,es;q=0.9,en;q=0.5' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ profile: { preferredLanguage: string } }>().profile.preferredLanguage).toBe('es');

    // Asked again from a page in English: the account's own language wins.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/idp/account/register',
      headers: { 'accept-language': 'en' },
      payload: { name: 'Lucía Gómez', email, password },
      remoteAddress: '10.9.0.2',
    });
    expect(again.statusCode).toBe(200);
    const reminder = await lastMailTo(ctx, email);
    expect(reminder.mail?.subject).toBe(`Ya tiene una cuenta – ${spanishProduct}`);

    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/idp/account/forgot-password',
      payload: { email },
      remoteAddress: '10.9.0.3',
    });
    expect(forgot.statusCode).toBe(200);
    const reset = await lastMailTo(ctx, email);
    expect(reset.mail?.subject).toBe(`Restablezca su contraseña – ${spanishProduct}`);
    expect(reset.mail?.text).toContain('Para elegir una contraseña nueva');

    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/idp/account/reset-password',
      headers: { 'accept-language': 'es' },
      payload: { token: reset.token, password: 'Otra-Frase-Larga-2027' },
      remoteAddress: '10.9.0.3',
    });
    expect(changed.statusCode).toBe(200);
    expect((await lastMailTo(ctx, email)).mail?.subject).toBe(`Se cambió su contraseña – ${spanishProduct}`);
  });

  it('a registration in Japanese and one without a language', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/idp/account/register',
      headers: { 'accept-language': 'ja-JP' },
      payload: { name: '山田 花子', email: 'hanako@example.gov', password },
      remoteAddress: '10.9.0.4',
    });
    expect((await lastMailTo(ctx, 'hanako@example.gov')).mail?.subject).toBe(
      'メールアドレスの確認 – 保育費補助 保育提供者ポータル',
    );
    await ctx.app.inject({
      method: 'POST',
      url: '/idp/account/register',
      payload: { name: 'Pat Doe', email: 'pat.english@example.gov', password },
      remoteAddress: '10.9.0.5',
    });
    expect((await lastMailTo(ctx, 'pat.english@example.gov')).mail?.subject).toBe(
      'Confirm your email for the Child Care Assistance Provider Portal',
    );
  });

  it('a problem detail in the language of Accept-Language, its title in English', async () => {
    const confirm = (language?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/idp/account/confirm',
        headers: language ? { 'accept-language': language } : {},
        payload: { token: 'x'.repeat(43) },
        remoteAddress: '10.9.0.6',
      });
    const spanish = await confirm('es');
    expect(spanish.statusCode).toBe(400);
    expect(spanish.headers['content-language']).toBe('es-US');
    expect(spanish.json()).toMatchObject({
      title: 'Bad Request',
      detail: 'Este enlace ya no es válido. Inicie sesión para recibir uno nuevo.',
    });
    const arabic = await confirm('ar, en;q=0.5');
    expect(arabic.json<{ detail: string }>().detail).toBe('لم يعد هذا الرابط صالحًا. سجّل الدخول للحصول على رابط جديد.');
    const english = await confirm();
    expect(english.json<{ detail: string }>().detail).toBe(
      'This link is not valid any more. Sign in to get a new one.',
    );
    expect(english.headers['content-language']).toBe('en-US');
  });
});
