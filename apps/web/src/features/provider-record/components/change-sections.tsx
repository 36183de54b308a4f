import type { ProviderChange } from '@ccap/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeDiff } from './change-diff';

/** What the change changes, from what, to what; staff also see what is on the record now. */
export function ChangeDiffSection({ change, withCurrent = false }: { change: ProviderChange; withCurrent?: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="change-diff-heading" className="space-y-3">
      <h2 id="change-diff-heading" className="text-xl font-semibold">
        {t('providerRecord.change.whatChanges')}
      </h2>
      <ChangeDiff
        parts={change.parts}
        before={change.before}
        after={change.after}
        {...(withCurrent ? { current: change.current } : {})}
      />
    </section>
  );
}

/** The requests for information on a sent change, under their heading. */
export function ChangeRfiSection({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="change-rfi-heading" className="space-y-4">
      <h2 id="change-rfi-heading" className="text-xl font-semibold">
        {t('providerRecord.change.rfiHeading')}
      </h2>
      {children}
    </section>
  );
}
