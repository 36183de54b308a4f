import type { DashboardResponse } from '@ccap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import * as files from '../../../test/document-files';
import { documentsOf, submitApplication, uploadMultipart } from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const dashboardOf = async (user: TestUser) => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/Dashboard/get-dashboard', headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json<DashboardResponse>();
};

describe('GET /api/Dashboard/get-dashboard', () => {
  it('with no application: nothing required, no application id, no application', async () => {
    const user = await createUser(ctx, 'New Provider');
    expect(await dashboardOf(user)).toEqual({
      isDocumentRequired: false,
      applicationId: null,
      providerApplication: null,
    });
  });

  it('after submission: the application, documents still missing, no RFIs, its status history', async () => {
    const user = await createUser(ctx, 'Submitted Provider');
    const applicationId = await submitApplication(ctx, user);
    const documents = await documentsOf(ctx, user, applicationId);
    const dashboard = await dashboardOf(user);
    expect(dashboard).toEqual({
      isDocumentRequired: true,
      applicationId,
      providerApplication: {
        applicationId,
        providerType: 'registeredprovider',
        providerName: 'Little Oaks Home Care',
        status: 'submitted',
        submittedAt: expect.any(String),
        missingDocuments: documents.map(({ documentId, code, documentName, description }) => ({
          documentId,
          code,
          documentName,
          description,
        })),
        openRfiCount: 0,
        statusHistory: [{ status: 'submitted', changedAt: expect.any(String), reason: null }],
      },
    });
  });

  it('requires nothing once every document is uploaded or waived', async () => {
    const user = await createUser(ctx, 'Diligent Provider');
    const applicationId = await submitApplication(ctx, user);
    const [waived, ...rest] = await documentsOf(ctx, user, applicationId);
    await ctx.database.db
      .updateTable('application_document')
      .set({ is_waived: true })
      .where('id', '=', waived!.documentId)
      .execute();
    for (const [index, document] of rest.entries()) {
      if (index === rest.length - 1) {
        const before = await dashboardOf(user);
        expect(before.isDocumentRequired).toBe(true);
        expect(before.providerApplication!.missingDocuments.map((d) => d.documentId)).toEqual([document.documentId]);
      }
      const target = { applicationId, documentId: document.documentId };
      expect((await uploadMultipart(ctx, user, target, 'file.pdf', files.pdf())).statusCode).toBe(200);
    }
    const after = await dashboardOf(user);
    expect(after.isDocumentRequired).toBe(false);
    expect(after.providerApplication!.missingDocuments).toEqual([]);
  });

  it('shows the latest application, only its owner’s, and nothing to upload once it is decided', async () => {
    const user = await createUser(ctx, 'Two Applications');
    const stranger = await createUser(ctx, 'Stranger');
    await submitApplication(ctx, user);
    const latest = await submitApplication(ctx, user, completeApplication('unregisteredprovider'));
    const dashboard = await dashboardOf(user);
    expect(dashboard.applicationId).toBe(latest);
    expect(dashboard.providerApplication!.providerType).toBe('unregisteredprovider');
    expect((await dashboardOf(stranger)).applicationId).toBeNull();

    await ctx.database.db.updateTable('application').set({ status: 'denied' }).where('id', '=', latest).execute();
    const decided = await dashboardOf(user);
    expect(decided.isDocumentRequired).toBe(false);
    expect(decided.providerApplication!.status).toBe('denied');
    expect(decided.providerApplication!.missingDocuments.length).toBeGreaterThan(0);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/Dashboard/get-dashboard' })).statusCode).toBe(401);
  });
});
