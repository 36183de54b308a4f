import { staffRoles, type StaffMember, type StaffRole } from '@ccap/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useIntlFormat } from '@/lib/intl-format';
import { unavailableMessage } from '@/lib/unavailable-message';
import { revokeErrorOf } from '../admin-errors';
import { useStaff } from '../api/get-staff';
import { useRevokeRole } from '../api/revoke-role';
import { ResetSecondFactor } from './reset-second-factor';

interface Removal {
  member: StaffMember;
  role: StaffRole;
}

const isStaffRole = (role: string): role is StaffRole => (staffRoles as readonly string[]).includes(role);

const cell = 'px-3 py-3 text-start align-top';

/** The staff list; each staff role has a Remove button, confirmed in a dialog first. */
export function StaffTable() {
  const { t } = useTranslation();
  const staff = useStaff();
  const revoke = useRevokeRole();
  const [removal, setRemoval] = useState<Removal>();
  const [removed, setRemoved] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const format = useIntlFormat();

  // The row the dialog came from may be gone (a last staff role removed): land on the outcome.
  useEffect(() => {
    if (removed || failure) outcomeRef.current?.focus();
  }, [removed, failure]);

  const ask = (member: StaffMember, role: StaffRole) => {
    setRemoved(undefined);
    setFailure(undefined);
    revoke.reset();
    setRemoval({ member, role });
  };
  const confirm = () => {
    // Not disabled while sending: a disabled button would drop the focus out of the dialog.
    if (!removal || revoke.isPending) return;
    const { member, role } = removal;
    revoke.mutate(
      { email: member.email, role },
      {
        onSuccess: () => setRemoved(t('admin.revoke.success', { role: t(`roles.${role}`), name: member.name })),
        onError: (error) => setFailure(revokeErrorOf(t, error)),
        onSettled: () => setRemoval(undefined),
      },
    );
  };

  return (
    <section aria-labelledby="staff-heading" className="space-y-4">
      <h2 id="staff-heading" className="text-2xl font-bold">
        {t('admin.staff.heading')}
      </h2>
      <div ref={outcomeRef} tabIndex={-1} className="focus:outline-none">
        <div aria-live="polite">{removed ? <Alert tone="success">{removed}</Alert> : null}</div>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
      </div>

      {staff.isPending ? <Spinner label={t('app.loading')} /> : null}
      {staff.isError ? (
        <Alert tone="error">{unavailableMessage(t, staff.error) ?? t('admin.staff.loadError')}</Alert>
      ) : null}
      {staff.data?.length === 0 ? <p>{t('admin.staff.empty')}</p> : null}
      {staff.data && staff.data.length > 0 ? (
        // Scrolls sideways on narrow screens; focusable so keyboard users can scroll it too
        // (WCAG 2.1.1; axe's scrollable-region-focusable).
        <div
          role="region"
          aria-label={t('admin.staff.tableRegion')}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="overflow-x-auto rounded-lg border border-slate-200 focus:outline-2 focus:outline-offset-2 focus:outline-blue-700 dark:border-slate-700 dark:focus:outline-blue-300"
        >
          <table className="w-full min-w-[48rem] border-collapse">
            <caption className="sr-only">{t('admin.staff.caption')}</caption>
            <thead className="bg-slate-100 dark:bg-slate-800">
              <tr>
                <th scope="col" className={cell}>
                  {t('admin.staff.name')}
                </th>
                <th scope="col" className={cell}>
                  {t('admin.staff.email')}
                </th>
                <th scope="col" className={cell}>
                  {t('admin.staff.roles')}
                </th>
                <th scope="col" className={cell}>
                  {t('admin.staff.counties')}
                </th>
                <th scope="col" className={cell}>
                  {t('admin.secondFactor.column')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {staff.data.map((member) => (
                <tr key={member.id}>
                  <th scope="row" className={`${cell} font-semibold`}>
                    {member.name}
                  </th>
                  <td className={`${cell} break-all`}>{member.email}</td>
                  <td className={cell}>
                    <ul className="space-y-2">
                      {member.roles.map((role) => (
                        <li key={role} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                          <span>{t(`roles.${role}`)}</span>
                          {isStaffRole(role) ? (
                            <Button
                              variant="secondary"
                              className="min-h-9 px-3 py-1 text-sm"
                              aria-label={t('admin.staff.removeLabel', { role: t(`roles.${role}`), name: member.name })}
                              onClick={() => ask(member, role)}
                            >
                              {t('admin.staff.remove')}
                            </Button>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className={cell}>
                    {member.counties.length > 0 ? format.list(member.counties) : t('admin.staff.noCounties')}
                  </td>
                  <td className={cell}>
                    <ResetSecondFactor member={member} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {removal ? (
        <AlertDialog
          titleId="revoke-title"
          descriptionId="revoke-body"
          onEscape={revoke.isPending ? undefined : () => setRemoval(undefined)}
        >
          <h2 id="revoke-title" className="text-xl font-bold">
            {t('admin.revoke.heading')}
          </h2>
          <p id="revoke-body" className="mt-3">
            {t('admin.revoke.body', {
              role: t(`roles.${removal.role}`),
              name: removal.member.name,
              email: removal.member.email,
            })}
          </p>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => !revoke.isPending && setRemoval(undefined)}>
              {t('admin.revoke.cancel')}
            </Button>
            <Button onClick={confirm}>{revoke.isPending ? t('forms.sending') : t('admin.revoke.confirm')}</Button>
          </div>
        </AlertDialog>
      ) : null}
    </section>
  );
}
